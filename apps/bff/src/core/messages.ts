/** What several domains say, and the transport too; each domain's own messages live in its folder. */
export const SHARED_MESSAGES = {
  unexpected: 'Ocorreu um erro inesperado. Por gentileza, tente novamente mais tarde.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
} as const;
