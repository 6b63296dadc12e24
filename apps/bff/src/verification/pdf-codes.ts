import { findBoletoLines } from '@portal/validation/boleto';
import { normalizeDocument } from '@portal/validation/document';
import { findPixCodes } from '@portal/validation/pix';

interface PdfCodes {
  /** the linhas digitáveis its text layer prints, bare */
  lines: string[];
  pix: string[];
  /** the CNPJs it prints (a beneficiary's among them), bare */
  cnpjs: string[];
}

/**
 * The payment codes a PDF's text layer carries (read by pdf-reader.ts, off the event loop, and capped in
 * length there). Nothing is kept: the text dies with the call.
 */
export function codesInText(text: string): PdfCodes {
  const cnpjs = [...text.matchAll(/\b[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}\b/g)].map(
    ([cnpj]) => normalizeDocument(cnpj),
  );
  return { lines: findBoletoLines(text), pix: findPixCodes(text), cnpjs: [...new Set(cnpjs)] };
}
