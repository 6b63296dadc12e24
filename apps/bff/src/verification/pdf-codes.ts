import { findBoletoLines } from '@portal/validation/boleto';
import { normalizeDocument } from '@portal/validation/document';
import { findPixCodes } from '@portal/validation/pix';

/** A boleto is one page, two with its recibo; anything much longer is not one. */
const MAX_PAGES = 5;
/** Reading runs on the event loop: a PDF that takes longer is given up. */
const READ_TIMEOUT_MS = 5_000;

export interface PdfCodes {
  /** the linhas digitáveis its text layer prints, bare */
  lines: string[];
  pix: string[];
  /** the CNPJs it prints (a beneficiary's among them), bare */
  cnpjs: string[];
}

/**
 * The payment codes a PDF's text layer carries (PDF.js, through unpdf). Null when it cannot be read as a
 * boleto: not a PDF, too many pages, or too slow. Nothing is kept: the bytes and the text die with the call.
 */
export async function codesInPdf(bytes: Uint8Array): Promise<PdfCodes | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS);
  });
  const read = async (): Promise<PdfCodes | null> => {
    // PDF.js is a few megabytes of code: loaded by the first PDF checked, not by every BFF at start
    const { extractText, getDocumentProxy } = await import('unpdf');
    // no image is decoded for text, and PDF.js's warnings stay off stdout (ours is JSON lines); a copy, as
    // PDF.js takes the buffer over
    const pdf = await getDocumentProxy(new Uint8Array(bytes), {
      stopAtErrors: true,
      maxImageSize: 0,
      verbosity: 0,
    });
    try {
      if (pdf.numPages > MAX_PAGES) return null;
      const { text } = await extractText(pdf, { mergePages: true });
      const cnpjs = [...text.matchAll(/\b[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}\b/g)].map(
        ([cnpj]) => normalizeDocument(cnpj),
      );
      return { lines: findBoletoLines(text), pix: findPixCodes(text), cnpjs: [...new Set(cnpjs)] };
    } finally {
      await pdf.loadingTask.destroy();
    }
  };
  try {
    return await Promise.race([read(), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
