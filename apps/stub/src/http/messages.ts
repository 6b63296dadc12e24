/** The upstream's refusals of registration, recovery and profile changes. */
export const REGISTRATION_MESSAGES = {
  documentTaken: 'CPF/CNPJ já cadastrado.',
  emailTaken: 'E-mail já cadastrado. Por favor, utilize outro e-mail',
  phoneTaken: 'Telefone já cadastrado. Por favor, utilize outro telefone',
  notRegistered: 'CPF/CNPJ não cadastrado.',
  invalid: 'Dados de cadastro inválidos.',
  recoveryLinkInvalid: 'Link de recuperação inválido ou expirado.',
} as const;
