import { randomBytes } from 'node:crypto';
import type { Boleto, PaymentMethod } from '@portal/contracts/upstream/entities';
import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { readPix } from '@portal/validation/pix';
import type { AgreementLetter, BoletoFiles, BoletoView, ConcludedAgreement } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { letterFileName } from './agreement-letter';

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
  ports: Pick<Ports, 'sessions'>,
  person: Person,
  method: PaymentMethod,
  contract: string,
  boletos: Boleto[],
): Promise<BoletoView[]> {
  const { sessions } = ports;
  const files = (await sessions.read(person, 'boletos')) ?? {};
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
  await sessions.write(person, 'boletos', Object.fromEntries(kept));
  return views;
}

/**
 * The agreement letter as the browser gets it: a random ref listed in this session (the last ones only)
 * with what the letter says, so only this session can open it; the PDF is drawn when it is asked for.
 */
export async function letterFile(
  ports: Pick<Ports, 'sessions'>,
  person: Person,
  letter: AgreementLetter,
): Promise<ConcludedAgreement['carta']> {
  const { sessions } = ports;
  const letters = (await sessions.read(person, 'cartas')) ?? {};
  const ref = randomBytes(18).toString('base64url');
  letters[ref] = letter;
  await sessions.write(person, 'cartas', Object.fromEntries(Object.entries(letters).slice(-MAX_LETTERS)));
  return { pdfUrl: `/api/cartas/${ref}.pdf`, arquivo: letterFileName(letter.contrato) };
}

/** The boleto file listed in this session under a ref of its `pdfUrl`; undefined for any other ref. */
export async function keptBoletoFile(
  ports: Pick<Ports, 'sessions'>,
  person: Person,
  ref: string,
): Promise<BoletoFiles[string] | undefined> {
  const files = await ports.sessions.read(person, 'boletos');
  return files?.[ref];
}

/** What the letter listed in this session under a ref of its `pdfUrl` says; undefined for any other ref. */
export async function keptLetter(
  ports: Pick<Ports, 'sessions'>,
  person: Person,
  ref: string,
): Promise<AgreementLetter | undefined> {
  const letters = await ports.sessions.read(person, 'cartas');
  return letters?.[ref];
}
