/**
 * PIX BR Code ("copia e cola") as BCB's Manual de Padrões para Iniciação do Pix lays it out on EMV QRCPS-MPM:
 * a flat list of ID (2 digits) + length (2 digits) + value fields, closed by a CRC16 over everything before it.
 */
import { isValidCnpj, isValidCpf } from './document';

export const PIX_GUI = 'br.gov.bcb.pix';

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR; 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** ID → value of one level of EMV fields; null when the text does not split into whole fields. */
export function emvFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^[0-9]{2}$/.test(id) || !/^[0-9]{2}$/.test(length)) return null;
    const end = at + 4 + Number(length);
    if (end > text.length || fields.has(id)) return null;
    fields.set(id, text.slice(at + 4, end));
    at = end;
  }
  return fields;
}

/** What a PIX key is, as BCB's key types go. */
export type PixKeyKind = 'cpf' | 'cnpj' | 'email' | 'telefone' | 'aleatoria' | 'desconhecida';

export function pixKeyKind(key: string): PixKeyKind {
  if (/^[0-9]{11}$/.test(key) && isValidCpf(key)) return 'cpf';
  if (/^[0-9A-Z]{12}[0-9]{2}$/.test(key) && isValidCnpj(key)) return 'cnpj';
  if (/^\+[1-9][0-9]{7,14}$/.test(key)) return 'telefone';
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key)) return 'email';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return 'aleatoria';
  return 'desconhecida';
}

export interface PixReading {
  /** the fields split cleanly and every mandatory one is there (format 01, PIX account, 53, 58, 59, 60, 63) */
  wellFormed: boolean;
  /** the CRC written at the end */
  crc: string;
  /** the CRC of everything before it */
  expectedCrc: string;
  /** a static code's key */
  key?: string;
  keyKind?: PixKeyKind;
  /** a dynamic code's payload location (without its scheme) */
  url?: string;
  merchantName?: string;
  merchantCity?: string;
  /** absent: the payer types the amount */
  amountCents?: number;
  /** '***' when the code names none */
  txid?: string;
}

const PIX_START = '000201';

/** A pasted PIX code, without the spaces and line breaks messages add; null when it is not one. */
function pixCode(text: string): string | null {
  const code = text.replace(/[\r\n\t]/g, '').trim();
  return code.startsWith(PIX_START) && code.length <= 512 ? code : null;
}

function amountCents(text: string | undefined): number | undefined {
  if (text === undefined || !/^[0-9]{1,10}(\.[0-9]{1,2})?$/.test(text)) return undefined;
  const [whole = '0', cents = ''] = text.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** Reads a PIX copia-e-cola code field by field; null when the text is not one. */
export function readPix(text: string): PixReading | null {
  const code = pixCode(text);
  if (!code) return null;
  const crcAt = code.length - 4;
  const crc = code.slice(crcAt);
  const expectedCrc = crc16CcittFalse(code.slice(0, crcAt));
  const fields = emvFields(code);
  if (!fields) return { wellFormed: false, crc, expectedCrc };

  const account = emvFields(fields.get('26') ?? '');
  const extra = emvFields(fields.get('62') ?? '');
  const isPix = account?.get('00')?.toLowerCase() === PIX_GUI;
  const key = isPix ? account?.get('01') : undefined;
  const url = isPix ? account?.get('25') : undefined;
  const reading: PixReading = {
    wellFormed:
      fields.get('00') === '01' &&
      isPix &&
      (key !== undefined || url !== undefined) &&
      fields.get('53') === '986' &&
      fields.get('58') === 'BR' &&
      fields.has('59') &&
      fields.has('60') &&
      // the CRC is the last field, and covers its own ID and length
      code.slice(crcAt - 4, crcAt) === '6304' &&
      (!fields.has('54') || amountCents(fields.get('54')) !== undefined),
    crc,
    expectedCrc,
    merchantName: fields.get('59'),
    merchantCity: fields.get('60'),
    amountCents: amountCents(fields.get('54')),
    txid: extra?.get('05'),
  };
  if (key !== undefined) Object.assign(reading, { key, keyKind: pixKeyKind(key) });
  if (url !== undefined) reading.url = url;
  return reading;
}

/**
 * The PIX codes in a text (a PDF's text layer, a message): each from its payload format field to the end of
 * its CRC field, field by field, whatever line breaks the text put inside it.
 */
export function findPixCodes(text: string): string[] {
  const flat = text.replace(/[\r\n]+/g, '');
  const codes: string[] = [];
  for (let start = flat.indexOf(PIX_START); start !== -1; start = flat.indexOf(PIX_START, start + 1)) {
    let at = start;
    while (at + 4 <= flat.length) {
      const id = flat.slice(at, at + 2);
      const length = flat.slice(at + 2, at + 4);
      if (!/^[0-9]{2}$/.test(id) || !/^[0-9]{2}$/.test(length)) break;
      at += 4 + Number(length);
      if (id === '63') {
        if (at <= flat.length) codes.push(flat.slice(start, at));
        break;
      }
    }
  }
  return codes;
}
