import { randomBytes } from 'node:crypto';
import type { Boleto, PaymentMethod } from '@portal/contracts/upstream/entities';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { readPix } from '@portal/validation/pix';
import type { SignedIn } from '../trpc/context';
import { type AgreementLetter, letterFileName } from './agreement-letter';
import type { BoletoView, ConcludedAgreement } from './types';

const MAX_BOLETO_FILES = 100;
const MAX_LETTERS = 20;
const PDF_PATH = new RegExp(`^${UPSTREAM_PATHS.boletos}/[A-Za-z0-9_-]{16,100}\\.pdf$`);

/** The upstream's PDF path inside its address, or null when it is not one of its boleto files. */
function pdfPathOf(url: string): string | null {
  try {
    const { pathname } = new URL(url, 'http://upstream.invalid');
    return PDF_PATH.test(pathname) ? pathname : null;
  } catch {
    return null;
  }
}

const isHttpUrl = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * The boletos as the browser gets them. Each PDF gets a random ref listed in this session (the last
 * ones only), so only this session can open it through our own origin.
 */
export async function boletoViews(
  ctx: SignedIn,
  method: PaymentMethod,
  contract: string,
  boletos: Boleto[],
): Promise<BoletoView[]> {
  const { sessions } = ctx.services;
  const files = (await sessions.read(ctx.session, 'boletos')) ?? {};
  const views = boletos.map((b, index): BoletoView => {
    const arquivo = `${contract}_${index + 1}.pdf`;
    const path = pdfPathOf(b.url);
    let pdfUrl = '';
    if (path) {
      const ref = randomBytes(18).toString('base64url');
      files[ref] = { path, arquivo };
      pdfUrl = `/api/boletos/${ref}.pdf`;
    }
    const qrCode = b.qrCode?.startsWith('data:image/') ? b.qrCode : null;
    return {
      pdfUrl,
      arquivo,
      linhaDigitavel: b.linhaDigitavel,
      qrCode,
      // shown only as a PIX code with its QR: anything else in the field is not offered as a way to pay
      pixCopiaECola: qrCode && b.pixCopiaECola && readPix(b.pixCopiaECola) ? b.pixCopiaECola : null,
      // A card is paid on the creditor's page, whose address is the payment line (http or https only).
      linkPagamento: method === 'cartao' && isHttpUrl(b.linhaDigitavel) ? b.linhaDigitavel : null,
    };
  });
  const kept = Object.entries(files).slice(-MAX_BOLETO_FILES);
  await sessions.write(ctx.session, 'boletos', Object.fromEntries(kept));
  return views;
}

/**
 * The agreement letter as the browser gets it: a random ref listed in this session (the last ones only)
 * with what the letter says, so only this session can open it; the PDF is drawn when it is asked for.
 */
export async function letterFile(
  ctx: SignedIn,
  letter: AgreementLetter,
): Promise<ConcludedAgreement['carta']> {
  const { sessions } = ctx.services;
  const letters = (await sessions.read(ctx.session, 'cartas')) ?? {};
  const ref = randomBytes(18).toString('base64url');
  letters[ref] = letter;
  await sessions.write(
    ctx.session,
    'cartas',
    Object.fromEntries(Object.entries(letters).slice(-MAX_LETTERS)),
  );
  return { pdfUrl: `/api/cartas/${ref}.pdf`, arquivo: letterFileName(letter.contrato) };
}
