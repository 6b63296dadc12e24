import { randomBytes } from 'node:crypto';
import {
  agreementOf,
  CONTRACT,
  CREDITOR,
  failureOf,
  fakeProxy,
  OTHER,
} from '@portal/test-kit/agreement-fakes';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { pdfTexts } from '@portal/test-kit/pdf-text';
import { describe, expect, it } from 'vitest';
import { ownerOf } from '../activity/owner';
import { CorruptDeclarationError } from '../db/records';
import { createKeyring } from '../keys/keyring';
import {
  documentLabel,
  findSettlement,
  issueSettlement,
  ownsSettlement,
  SETTLEMENT_MESSAGES,
  settlementCode,
  settlementFileName,
  settlementPdf,
} from './settlement';

const INPUT = { codcredor: CREDITOR.agrupador, contrato: CONTRACT };
const OLD_SECRET = 'o'.repeat(64);
const CODE = /^QT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const paidInFull = () => {
  const agreement = agreementOf();
  agreement.parcelasAcordo = agreement.parcelasAcordo.map((p, i) => ({
    ...p,
    status: 'PAGO',
    dataPagamento: `0${i + 1}/02/2026`,
  }));
  return agreement;
};

/** The ports of these tests: the creditor already listed, the proxy answering the agreement so. */
async function setUp(agreement = paidInFull, keys = createKeyring(randomBytes(32).toString('hex'))) {
  const proxy = fakeProxy({ consultaAcordo: () => agreement() });
  const ports = memoryPorts({ proxy: proxy.proxy, keys });
  const maria = await signedIn(ports);
  await ports.sessions.write(maria, 'creditors', [CREDITOR]);
  return { ports, maria, proxy };
}

describe('issueSettlement', () => {
  it('refuses an agreement with an instalment still to pay', async () => {
    const { ports, maria } = await setUp(() => agreementOf());
    expect(await failureOf(issueSettlement(ports, maria, INPUT))).toMatchObject({
      kind: 'bad-request',
      message: SETTLEMENT_MESSAGES.notSettled,
    });
  });

  it('fixes the declaration at its first issue and keeps it under its code, its owner only as a pseudonym', async () => {
    const { ports, maria } = await setUp();
    const issued = await issueSettlement(ports, maria, INPUT);
    expect(issued.codigo).toMatch(CODE);
    expect(issued).toEqual({
      codigo: issued.codigo,
      pdfUrl: `/api/quitacoes/${issued.codigo}.pdf`,
      arquivo: `${CONTRACT}_declaracao-quitacao.pdf`,
    });
    const kept = await ports.db.declaration(issued.codigo);
    expect(kept).toMatchObject({
      titular: maria.data.nome,
      documento: '***.982.247-**',
      credor: CREDITOR.nomcontratante,
      contrato: CONTRACT,
      codigoAcordo: 'AC-500',
      totalCents: 80_100,
      quitadaEm: '2026-02-03',
    });
    expect(kept?.owner).not.toContain(maria.data.cpfCnpj);
    expect((await pdfTexts(kept?.pdf ?? new Uint8Array())).join(' ')).toContain(issued.codigo);
    expect(await ports.db.activity([ownerOf(ports, maria)], new Date(0), 10)).toMatchObject([
      { kind: 'declaracao-emitida', credor: CREDITOR.nomcontratante, contrato: '72***455' },
    ]);
  });

  it('finds the declaration as issued at every later download, never rewriting it', async () => {
    const { ports, maria } = await setUp();
    const first = await issueSettlement(ports, maria, INPUT);
    const renamed = { ...maria, data: { ...maria.data, nome: 'Maria Souza' } };
    expect(await issueSettlement(ports, renamed, INPUT)).toEqual(first);
    expect((await ports.db.declaration(first.codigo))?.titular).toBe(maria.data.nome);
    // one line of activity: the first issue's
    expect(await ports.db.activity([ownerOf(ports, maria)], new Date(0), 10)).toHaveLength(1);
  });

  it('finds a declaration issued under an older key under its code', async () => {
    const old = await setUp(paidInFull, createKeyring(OLD_SECRET));
    const first = await issueSettlement(old.ports, old.maria, INPUT);
    const rotated = { ...old.ports, keys: createKeyring('n'.repeat(64), [OLD_SECRET]) };
    expect(await issueSettlement(rotated, old.maria, INPUT)).toEqual(first);
  });
});

describe('findSettlement and ownsSettlement', () => {
  it('find a kept declaration by its code as people type it, for its owner alone', async () => {
    const { ports, maria } = await setUp();
    const { codigo } = await issueSettlement(ports, maria, INPUT);
    const typed = codigo.toLowerCase().replaceAll('-', ' ');
    const found = await findSettlement(ports, typed);
    expect(found?.codigo).toBe(codigo);
    expect(found && ownsSettlement(ports, maria.data.cpfCnpj, found)).toBe(true);
    expect(found && ownsSettlement(ports, OTHER.cpfCnpj, found)).toBe(false);
  });

  it('find nothing for a text that is not a code, or a code never issued', async () => {
    const { ports } = await setUp();
    expect(await findSettlement(ports, 'not a code')).toBeNull();
    expect(await findSettlement(ports, 'QT-0000-0000-0000')).toBeNull();
  });
});

describe("a declaration's code, label, file name and bytes", () => {
  it('reads a code typed with spaces, lower case or no dashes; refuses letters Crockford leaves out', () => {
    expect(settlementCode(' qt 7k2m-abcd-efgh ')).toBe('QT-7K2M-ABCD-EFGH');
    expect(settlementCode('QT7K2MABCDEFGH')).toBe('QT-7K2M-ABCD-EFGH');
    expect(settlementCode('QT-7K2M-ABCD-EFGI')).toBeNull();
  });

  it('labels a masked document by its shape, and names the file after the contract', () => {
    expect(documentLabel('***.982.247-**')).toBe('CPF');
    expect(documentLabel('**.222.333/0001-**')).toBe('CNPJ');
    expect(settlementFileName('123')).toBe('123_declaracao-quitacao.pdf');
  });

  it('moves a declaration the session store kept before the database did, drawing one kept without bytes', async () => {
    const { ports, maria } = await setUp();
    const { codigo } = await issueSettlement(ports, maria, INPUT);
    const issued = await ports.db.declaration(codigo);
    if (!issued) throw new Error('not kept');
    const { pdf: _pdf, emitidaAs, documento: _documento, ...stored } = issued;
    const legacy = { ...stored, codigo: 'QT-0000-0000-0001', emitidaAs: emitidaAs.toISOString() };
    await ports.store.set(`quitacao:${legacy.codigo}`, legacy, 60_000);
    const moved = await findSettlement(ports, legacy.codigo);
    expect(moved).toMatchObject({ codigo: legacy.codigo, titular: maria.data.nome, documento: null });
    expect(Buffer.from(moved?.pdf ?? [])).toEqual(
      Buffer.from(await settlementPdf({ ...legacy, documento: null, emitidaAs })),
    );
    expect(await ports.db.declaration(legacy.codigo)).toMatchObject({ codigo: legacy.codigo });
  });

  it('never serves a declaration whose bytes no longer match their hash', async () => {
    const { ports, maria } = await setUp();
    const { codigo } = await issueSettlement(ports, maria, INPUT);
    const corrupt = {
      ...ports,
      db: { ...ports.db, declaration: () => Promise.reject(new CorruptDeclarationError(codigo)) },
    };
    expect(await findSettlement(corrupt, codigo)).toBeNull();
    expect(ports.log.lines.map((l) => l.message)).toContain(
      'declaration: its PDF does not match its hash; not served',
    );
  });
});
