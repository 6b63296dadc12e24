/** What the browser and the BFF both say when a call got no usable answer: defined once, here. */
export const TRY_AGAIN_MESSAGE = 'Ocorreu um erro, tente novamente.';
