/** The answer to the identity question of a sign-in without password. */
export const ANSWER_MAX_LENGTH = 200;
export const ANSWER_REQUIRED_MESSAGE = 'Informe a resposta.';
export const ANSWER_TOO_LONG_MESSAGE = 'Resposta muito longa.';
