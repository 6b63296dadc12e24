export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const PASSWORD_RULE_MESSAGE = 'A senha deve ter ao menos 8 caracteres, com letras e números.';
export const PASSWORD_MISMATCH_MESSAGE = 'As senhas devem ser iguais';
export const PASSWORD_REQUIRED_MESSAGE = 'Informe a senha.';
export const PASSWORD_CONFIRMATION_REQUIRED_MESSAGE = 'Confirme a nova senha.';
/** A password change asks for the current password and the new one, each by name. */
export const PASSWORD_CURRENT_REQUIRED_MESSAGE = 'Informe a senha atual.';
export const PASSWORD_NEW_REQUIRED_MESSAGE = 'Informe a nova senha.';

/** A new password: 8 to 200 characters with at least one letter and one digit. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{L}/u.test(password) &&
    /\d/.test(password)
  );
}
