/** A profile keeps an e-mail, a phone or both, never neither. */
export const CONTACT_REQUIRED_MESSAGE = 'Informe um e-mail ou um celular.';
