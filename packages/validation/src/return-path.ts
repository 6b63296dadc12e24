/**
 * Where an agreement summary's back arrow goes: the negotiation or proposals page that built it, with
 * its query. Nothing else, so a summary can never send the user off the portal.
 */
export const SUMMARY_RETURN_PATTERN = /^\/(negociacao|propostas)(\?[A-Za-z0-9%&=._~+/-]*)?$/;
export const SUMMARY_RETURN_MAX_LENGTH = 600;
export const SUMMARY_RETURN_INVALID_MESSAGE = 'Retorno inválido';
