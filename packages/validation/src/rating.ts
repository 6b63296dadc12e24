/** The portal's rating: a whole score from 0 to 10 and an optional comment. */
export const RATING_MIN = 0;
export const RATING_MAX = 10;
export const RATING_COMMENT_MAX = 500;

export const RATING_INVALID_MESSAGE = `Escolha uma nota de ${RATING_MIN} a ${RATING_MAX}.`;
export const RATING_COMMENT_TOO_LONG_MESSAGE = `O comentário pode ter até ${RATING_COMMENT_MAX} caracteres.`;
