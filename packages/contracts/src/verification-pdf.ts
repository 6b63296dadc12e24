// 'Verificar boleto ou PIX' with a boleto's PDF: the BFF's route, defined once for it and the web (no zod here,
// so the page's first load stays without it).

/** POST, the file as the body (application/pdf); the answer is a VerificationResult. */
export const VERIFY_PDF_PATH = '/api/verificacao/pdf';
/** A boleto PDF is tens of kilobytes; a scanned one a few hundred. */
export const VERIFY_PDF_MAX_BYTES = 2 * 1024 * 1024;
export const VERIFY_PDF_TOO_LARGE_MESSAGE = 'O arquivo é grande demais: envie um PDF de até 2 MB.';
