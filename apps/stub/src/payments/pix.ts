/**
 * PIX BR Code ("copia e cola") as BCB's Manual de Padrões para Iniciação do Pix lays it out on EMV QRCPS-MPM:
 * a flat list of ID (2 digits) + length (2 digits) + value fields, closed by a CRC16 over everything before it.
 */
import { crc16CcittFalse, PIX_GUI } from '@portal/validation/pix';
import QRCode from 'qrcode';

/** The fictional beneficiary's random key (EVP). */
export const STUB_PIX_KEY = 'e33ba64d-e833-4c5c-99d1-e80a319a1ebe';

interface PixCommon {
  /** omitted or 0: the payer types the amount */
  amountCents?: number;
  /** up to 25 characters after accents are dropped and letters upper-cased */
  merchantName: string;
  /** up to 15 characters, same treatment */
  merchantCity: string;
}

/** Static code carrying the key; txid up to 25 letters/digits, '***' when absent. */
export interface StaticPixInput extends PixCommon {
  key: string;
  txid?: string;
}

/** Dynamic code pointing at the PSP's payload location (without 'https://'); its txid is always '***'. */
export interface DynamicPixInput extends PixCommon {
  url: string;
}

export type PixInput = StaticPixInput | DynamicPixInput;

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`PIX field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** EMV text fields take a restricted character set: drop accents, upper-case, keep letters, digits and spaces. */
export function pixText(text: string, maxLength: number): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
  const cut = plain.slice(0, maxLength).trim();
  if (cut === '') throw new RangeError(`no usable characters in ${JSON.stringify(text)}`);
  return cut;
}

function pixAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`amountCents must be a non-negative integer, got ${amountCents}`);
  }
  const amount = `${Math.trunc(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
  if (amount.length > 13) throw new RangeError('PIX amount is longer than 13 characters');
  return amount;
}

export function pixCopiaECola(input: PixInput): string {
  let account: string;
  let txid = '***';
  if ('url' in input) {
    if (input.url === '' || /^https?:\/\//i.test(input.url)) {
      throw new RangeError('the dynamic PIX url is written without its scheme');
    }
    account = field('00', PIX_GUI) + field('25', input.url);
  } else {
    if (input.key.trim() === '' || input.key.length > 77)
      throw new RangeError('PIX key must have 1 to 77 characters');
    account = field('00', PIX_GUI) + field('01', input.key);
    if (input.txid !== undefined) {
      if (!/^[A-Za-z0-9]{1,25}$/.test(input.txid))
        throw new RangeError('txid must be 1 to 25 letters or digits');
      txid = input.txid;
    }
  }
  const body = [
    field('00', '01'),
    // 12: the code is meant for a single payment (one agreement instalment).
    field('01', '12'),
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
    input.amountCents === undefined || input.amountCents === 0
      ? ''
      : field('54', pixAmount(input.amountCents)),
    field('58', 'BR'),
    field('59', pixText(input.merchantName, 25)),
    field('60', pixText(input.merchantCity, 15)),
    field('62', field('05', txid)),
    // The CRC covers its own ID and length.
    '6304',
  ].join('');
  return body + crc16CcittFalse(body);
}

/** The QR code as a standalone SVG document (medium error correction, 4-module quiet zone). */
export function pixQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
