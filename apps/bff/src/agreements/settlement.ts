import { maskContract } from '@portal/validation/contract';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { hideDocument } from '@portal/validation/document';
import { formatMoney, parseMoney } from '@portal/validation/money';
import { recordActivity } from '../activity/activity';
import type { Declaration } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { CorruptDeclarationError } from '../db/records';
import { firstFound } from '../keys/keyring';
import { contractScope, creditorOf } from '../negotiation/creditors';
import { paidDayOf } from '../negotiation/views';
import type { Ports } from '../ports/ports';
import { MUTED, portalDocument } from './agreement-letter';
import { agreementOn } from './in-progress';

// Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is not misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE = /^QT-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})-?([0-9A-HJKMNP-TV-Z]{4})$/;

export const SETTLEMENT_MESSAGES = {
  notSettled:
    'Este acordo ainda tem parcelas a pagar: a declaração de quitação sai quando todas estiverem pagas.',
  notFound: 'Declaração de quitação não encontrada.',
} as const;

/**
 * A declaration kept in the session store before the database kept them (`quitacao:{code}`): read once,
 * written to the database, and found there from then on.
 */
interface StoredSettlement extends Omit<Declaration, 'documento' | 'emitidaAs' | 'pdf'> {
  documento?: string;
  emitidaAs?: string;
  /** the PDF as issued, base64 */
  pdf?: string;
}

/** 'CPF' or 'CNPJ', by the shape of a masked document (***.982.247-** or **.222.333/0001-**). */
export const documentLabel = (masked: string) => (masked.length > 14 ? 'CNPJ' : 'CPF');

/** The declaration codes a text prints (a declaration's PDF prints its own), each as settlementCode writes it. */
export function settlementCodesIn(text: string): string[] {
  const found = text
    .toUpperCase()
    .matchAll(/\bQT-?[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}\b/g);
  return [...new Set([...found].flatMap(([code]) => settlementCode(code) ?? []))];
}

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

const legacyKeyOf = (codigo: string) => `quitacao:${codigo}`;

/** The declaration kept under a code: in the database, or still in the store from before it (moved now). */
async function keptUnder(
  ports: Pick<Ports, 'db' | 'store' | 'log'>,
  codigo: string,
): Promise<Declaration | null> {
  let kept: Declaration | null;
  try {
    kept = await ports.db.declaration(codigo);
  } catch (err) {
    if (!(err instanceof CorruptDeclarationError)) throw err;
    // bytes that no longer match their hash (a bad restore) are never served as the declaration issued
    ports.log.warn({ codigo }, 'declaration: its PDF does not match its hash; not served');
    return null;
  }
  if (kept) return kept;
  const stored = await ports.store.get<StoredSettlement>(legacyKeyOf(codigo));
  if (!stored) return null;
  const declaration: Declaration = {
    ...stored,
    documento: stored.documento ?? null,
    emitidaAs: new Date(stored.emitidaAs ?? `${stored.emitidaEm}T12:00:00-03:00`),
    pdf: new Uint8Array(0),
  };
  declaration.pdf = stored.pdf
    ? new Uint8Array(Buffer.from(stored.pdf, 'base64'))
    : await settlementPdf(declaration);
  return ports.db.keepDeclaration(declaration);
}

/**
 * 'Baixar declaração de quitação' on /acordos: only for an agreement whose every instalment the upstream
 * answers PAGO. The first issue fixes the declaration — what it says and its PDF — and keeps it under its
 * code for anyone to check it on the verification page; every later one finds it as it was issued, under
 * the code of whichever configured key issued it (never rewritten: a declaration stays as issued).
 */
export async function issueSettlement(
  ports: Pick<Ports, 'proxy' | 'sessions' | 'log' | 'store' | 'keys' | 'db'>,
  person: Person,
  input: { codcredor: string; contrato: string },
  now = new Date(),
) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const agreement = await agreementOn(ports, contractScope(person, creditor.agrupador, input.contrato));
  const parcelas = [...agreement.parcelasAcordo].sort((a, b) => a.numero - b.numero);
  if (parcelas.length === 0 || parcelas.some((p) => p.status !== 'PAGO')) {
    throw new Refusal('bad-request', SETTLEMENT_MESSAGES.notSettled);
  }
  const { keys } = ports;
  const codes = keys.ids.map((id) =>
    codeOf(ports, person, id, creditor.agrupador, input.contrato, agreement.codigoAcordo),
  );
  const issuedAs = (codigo: string) => ({
    codigo,
    pdfUrl: `/api/quitacoes/${codigo}.pdf`,
    arquivo: settlementFileName(input.contrato),
  });
  const kept = await firstFound(codes, async (code) => (await keptUnder(ports, code)) ?? undefined);
  if (kept) return issuedAs(kept.form);
  const codigo = codes[0] ?? '';

  const paid = parcelas.map((p) => ({
    numero: p.numero,
    pagoEm: paidDayOf(p),
    valorCents: parseMoney(p.valorPago),
  }));
  const days = paid.flatMap((p) => (p.pagoEm ? [p.pagoEm] : []));
  const declared: Omit<Declaration, 'pdf'> = {
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
    emitidaEm: todayInBrazil(now),
    emitidaAs: now,
  };
  // Kept only if absent: of two first downloads at once, one declaration is kept and both get it.
  const issued = await ports.db.keepDeclaration({ ...declared, pdf: await settlementPdf(declared) });
  if (issued.emitidaAs.getTime() === now.getTime()) {
    await recordActivity(ports, person, {
      kind: 'declaracao-emitida',
      credor: creditor.nomcontratante,
      contrato: maskContract(input.contrato),
    });
  }
  return issuedAs(codigo);
}

export const settlementFileName = (contrato: string) => `${contrato}_declaracao-quitacao.pdf`;

/** A kept declaration, by its code as typed. */
export async function findSettlement(
  ports: Pick<Ports, 'db' | 'store' | 'log'>,
  text: string,
): Promise<Declaration | null> {
  const codigo = settlementCode(text);
  return codigo ? keptUnder(ports, codigo) : null;
}

/** A declaration's PDF, only for its owner's session (its owner kept under any configured key). */
export function ownsSettlement(
  ports: Pick<Ports, 'keys'>,
  cpfCnpj: string,
  settlement: Declaration,
): boolean {
  return ports.keys.verify('quitacao-owner', cpfCnpj, settlement.owner);
}

/** The declaration drawn from what it declares, dated at its issue: the same record gives the same bytes. */
export async function settlementPdf(s: Omit<Declaration, 'pdf' | 'owner'>): Promise<Uint8Array> {
  const { doc, w } = await portalDocument(
    `Declaração de quitação ${s.codigoAcordo}`,
    'Declaração de quitação',
    s.emitidaAs,
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
