import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { hideDocument } from '@portal/validation/document';
import { formatMoney, parseMoney } from '@portal/validation/money';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { firstFound } from '../keys/keyring';
import { contractScope, creditorOf } from '../negotiation/creditors';
import { paidDayOf } from '../negotiation/views';
import type { Ports } from '../ports/ports';
import { MUTED, portalDocument } from './agreement-letter';
import { agreementOn } from './in-progress';

/** A declaration is kept this long, for anyone it is shown to to check it. */
const KEPT_MS = 5 * 366 * 24 * 60 * 60_000;
// Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE = /^QT-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})$/;

export const SETTLEMENT_MESSAGES = {
  notSettled:
    'Este acordo ainda tem parcelas a pagar: a declaração de quitação sai quando todas estiverem pagas.',
  notFound: 'Declaração de quitação não encontrada.',
} as const;

/**
 * What a declaration of settlement says, fixed at its first issue and kept under its code, never rewritten:
 * the holder's name as it was then (a later change of the profile leaves it as issued) and the PDF's bytes.
 */
export interface Settlement {
  codigo: string;
  /** whose it is: a keyed pseudonym of the document (with its key's id), never the document */
  owner: string;
  titular: string;
  /** the holder's document, masked (***.982.247-**); absent from declarations issued before it was kept */
  documento?: string;
  credor: string;
  contrato: string;
  codigoAcordo: string;
  parcelas: { numero: number; pagoEm: string | null; valorCents: number }[];
  totalCents: number;
  /** the last payment's day (ISO) */
  quitadaEm: string | null;
  /** the issue's day in Brasília (ISO date) */
  emitidaEm: string;
  /** the issue's instant (ISO): the PDF's creation and modification dates */
  emitidaAs?: string;
  /** the PDF as issued, base64: every download gets these bytes */
  pdf?: string;
}

/** 'CPF' or 'CNPJ', by the shape of a masked document (***.982.247-** or **.222.333/0001-**). */
export const documentLabel = (masked: string) => (masked.length > 14 ? 'CNPJ' : 'CPF');

/** The code as people type it: 'qt 7k2m-…', 'QT7K2M…'; null when it is not one. */
export function settlementCode(text: string): string | null {
  const match = CODE.exec(text.replace(/\s+/g, '').toUpperCase());
  return match ? `QT-${match[1]}-${match[2]}-${match[3]}` : null;
}

/**
 * One agreement's code under one key, the same at every download: 60 bits of a keyed hash, in base 32. A
 * code is printed and typed, so it cannot carry its key's id: each configured key gives the agreement a code
 * of its own, and the one a declaration was issued under is found by trying them all.
 */
function codeOf(
  ports: Pick<Ports, 'keys'>,
  person: Person,
  keyId: string,
  codcredor: string,
  contrato: string,
  codigoAcordo: string,
) {
  const { keys } = ports;
  // the owner's bare MAC, as before keyed values carried ids: a declaration issued then keeps its code
  const owner = keys.mac('quitacao-owner', person.data.cpfCnpj, keyId);
  const bytes = Buffer.from(
    keys.mac('quitacao', `${owner}|${codcredor}|${contrato}|${codigoAcordo}`, keyId),
    'base64url',
  );
  let bits = 0n;
  for (const byte of bytes.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte);
  const chars = Array.from(
    { length: 12 },
    (_, i) => ALPHABET[Number((bits >> BigInt(59 - i * 5)) & 31n)],
  ).join('');
  return `QT-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

const keyOf = (codigo: string) => `quitacao:${codigo}`;

/**
 * 'Baixar declaração de quitação' on /acordos: only for an agreement whose every instalment the upstream
 * answers PAGO. The first issue fixes the declaration — what it says and its PDF — and keeps it under its
 * code for anyone to check it on the verification page; every later one finds it as it was issued, under
 * the code of whichever configured key issued it (never rewritten: a declaration stays as issued).
 */
export async function issueSettlement(
  ports: Pick<Ports, 'proxy' | 'sessions' | 'log' | 'store' | 'keys'>,
  person: Person,
  input: { codcredor: string; contrato: string },
) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const agreement = await agreementOn(ports, contractScope(person, creditor.agrupador, input.contrato));
  const parcelas = [...agreement.parcelasAcordo].sort((a, b) => a.numero - b.numero);
  if (parcelas.length === 0 || parcelas.some((p) => p.status !== 'PAGO')) {
    throw new Refusal('bad-request', SETTLEMENT_MESSAGES.notSettled);
  }
  const { store, keys } = ports;
  const codes = keys.ids.map((id) =>
    codeOf(ports, person, id, creditor.agrupador, input.contrato, agreement.codigoAcordo),
  );
  const issuedAs = (codigo: string) => ({
    codigo,
    pdfUrl: `/api/quitacoes/${codigo}.pdf`,
    arquivo: settlementFileName(input.contrato),
  });
  const kept = await firstFound(codes, (code) => store.get<Settlement>(keyOf(code)));
  if (kept) return issuedAs(kept.form);
  const codigo = codes[0] ?? '';

  const paid = parcelas.map((p) => ({
    numero: p.numero,
    pagoEm: paidDayOf(p),
    valorCents: parseMoney(p.valorPago),
  }));
  const days = paid.flatMap((p) => (p.pagoEm ? [p.pagoEm] : []));
  const at = new Date();
  const declared: Settlement = {
    codigo,
    owner: keys.sign('quitacao-owner', person.data.cpfCnpj),
    titular: person.data.nome,
    documento: hideDocument(person.data.cpfCnpj),
    credor: creditor.nomcontratante,
    contrato: input.contrato,
    codigoAcordo: agreement.codigoAcordo,
    parcelas: paid,
    totalCents: paid.reduce((sum, p) => sum + p.valorCents, 0),
    quitadaEm: days.length === paid.length ? (days.toSorted().at(-1) ?? null) : null,
    emitidaEm: todayInBrazil(at),
    emitidaAs: at.toISOString(),
  };
  const pdf = Buffer.from(await settlementPdf(declared)).toString('base64');
  // Set only if absent: of two first downloads at once, one declaration is kept and both get it.
  await store.claim(keyOf(codigo), { ...declared, pdf } satisfies Settlement, KEPT_MS);
  return issuedAs(codigo);
}

export const settlementFileName = (contrato: string) => `${contrato}_declaracao-quitacao.pdf`;

/** A kept declaration, by its code as typed. */
export async function findSettlement(ports: Pick<Ports, 'store'>, text: string): Promise<Settlement | null> {
  const codigo = settlementCode(text);
  return codigo ? ((await ports.store.get<Settlement>(keyOf(codigo))) ?? null) : null;
}

/** A declaration's PDF, only for its owner's session (its owner kept under any configured key). */
export function ownsSettlement(ports: Pick<Ports, 'keys'>, cpfCnpj: string, settlement: Settlement): boolean {
  return ports.keys.verify('quitacao-owner', cpfCnpj, settlement.owner);
}

/** The PDF as issued; a declaration kept before its bytes were is drawn again, dated at its issue. */
export async function settlementBytes(s: Settlement): Promise<Uint8Array> {
  return s.pdf ? new Uint8Array(Buffer.from(s.pdf, 'base64')) : settlementPdf(s);
}

/** The declaration drawn from what it declares, dated at its issue: the same record gives the same bytes. */
export async function settlementPdf(s: Settlement): Promise<Uint8Array> {
  const { doc, w } = await portalDocument(
    `Declaração de quitação ${s.codigoAcordo}`,
    'Declaração de quitação',
    new Date(s.emitidaAs ?? `${s.emitidaEm}T12:00:00-03:00`),
  );
  const holder = s.documento ? `${s.titular}, ${documentLabel(s.documento)} ${s.documento},` : s.titular;
  w.paragraph(
    `Declaramos, para os devidos fins, que ${holder} pagou integralmente o acordo abaixo, feito no portal ` +
      `Negocia Varejo com ${s.credor}, e que nada mais deve por ele.`,
  );
  w.gap(6);
  w.field('Credor', s.credor);
  w.field('Contrato', s.contrato);
  w.field('Número do acordo', s.codigoAcordo);
  if (s.quitadaEm) w.field('Quitado em', formatBrDate(s.quitadaEm));
  w.field('Total pago', formatMoney(s.totalCents));
  w.field('Emitida em', formatBrDate(s.emitidaEm));
  w.heading('Parcelas pagas');
  w.table(
    [
      { title: 'Parcela', x: 0, width: 80 },
      { title: 'Pago em', x: 100, width: 120 },
      { title: 'Valor', x: 240, width: 100, align: 'right' },
    ],
    s.parcelas.map((p) => [
      String(p.numero),
      p.pagoEm ? formatBrDate(p.pagoEm) : '—',
      formatMoney(p.valorCents),
    ]),
  );
  w.heading('Código de verificação');
  w.line(s.codigo, { font: 'mono', size: 14 });
  w.gap(4);
  w.paragraph(
    'Quem receber esta declaração pode conferir se ela é autêntica em Verificar boleto ou PIX, no portal ' +
      'Negocia Varejo, com o código acima.',
    { size: 9, color: MUTED },
  );
  return doc.save();
}
