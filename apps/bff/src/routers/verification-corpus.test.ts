// A generated corpus for 'Verificar boleto ou PIX': genuine codes written by the simulator's own issuing code
// (its collection account, free-field layout and PIX codes), tampered ones, and garbage, each with the verdict
// it must get; then fuzzed input that must never get a 5xx.
import type { Verdict } from '@portal/contracts/procedures/verification';
import { partnersReply } from '@portal/contracts/upstream/registration';
import { CONVENIO, PIX_CITY, STUB_BANK_CODE } from '@portal/stub/negotiation/agreements';
import {
  barcodeFromLinha,
  boletoBarcode,
  boletoFreeField,
  linhaDigitavel,
} from '@portal/stub/payments/febraban';
import { pixCopiaECola, pixText, STUB_PIX_KEY } from '@portal/stub/payments/pix';
import { PERSONA, reissueOpenInstalment, type Stack, startStack } from '@portal/test-kit/harness';
import { logSink } from '@portal/test-kit/log-sink';
import { dateOfFactor, readBoleto } from '@portal/validation/boleto';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MESSAGES } from '../verification/verify';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { VERIFY_MAX_PER_IP: '100000' } });
});
afterAll(() => stack.close());

interface Case {
  kind: string;
  codigo: string;
  veredito: Verdict;
  titulo?: string | RegExp;
}

const TODAY = todayInBrazil();
// One generator, seeded: the same corpus on every run.
const sample = <T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number) =>
  fc.sample(arbitrary, { numRuns: count, seed });

const boletoFields = fc.record({
  agreement: fc.integer({ min: 1, max: 9_999_999 }),
  parcela: fc.integer({ min: 1, max: 48 }),
  amountCents: fc.integer({ min: 1_000, max: 5_000_000 }),
  days: fc.integer({ min: 1, max: 60 }),
});
type BoletoFields = { agreement: number; parcela: number; amountCents: number; days: number };

/** A boleto as the simulator issues it: its bank, its convênio, its free field. */
const genuineLine = (
  { agreement, parcela, amountCents, days }: BoletoFields,
  dueDate = addDays(TODAY, days),
) =>
  linhaDigitavel(
    boletoBarcode({
      bankCode: STUB_BANK_CODE,
      dueDate,
      amountCents,
      freeField: boletoFreeField({ convenio: CONVENIO, agreementId: String(agreement), parcela }).freeField,
    }),
  );

const isValidLine = (line: string) => {
  try {
    barcodeFromLinha(line);
    return true;
  } catch {
    return false;
  }
};

/** `partners`: the simulator's creditors, whose names its PIX codes carry. */
function corpus(partners: string[]): Case[] {
  const cases: Case[] = [];
  const pixFields = fc.record({
    creditor: fc.constantFrom(...partners),
    amountCents: fc.integer({ min: 100, max: 5_000_000 }),
    txid: fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
  });
  for (const fields of sample(boletoFields, 30, 1)) {
    cases.push({
      kind: 'genuine boleto',
      codigo: genuineLine(fields),
      veredito: 'confere',
      titulo: /^Este boleto é de um canal oficial/,
    });
  }
  for (const fields of sample(boletoFields, 25, 2)) {
    const line = genuineLine(fields, addDays(TODAY, -fields.days));
    cases.push({ kind: 'expired boleto', codigo: line, veredito: 'atencao' });
  }
  for (const [fields, at, shift] of sample(
    fc.tuple(boletoFields, fc.nat(46), fc.integer({ min: 1, max: 9 })),
    30,
    3,
  )) {
    const line = genuineLine(fields);
    const altered = line.slice(0, at) + String((Number(line[at]) + shift) % 10) + line.slice(at + 1);
    // the judge: the simulator's own strict reading of a line, not the portal's
    cases.push(
      // a first digit 8 makes it no bank boleto at all (utility bills start with 8)
      altered.startsWith('8')
        ? { kind: 'altered to a non-boleto', codigo: altered, veredito: 'invalido' }
        : isValidLine(altered)
          ? {
              kind: 'altered digit, still valid',
              codigo: altered,
              // ours, unless the altered digit moved the due date (barcode digits 6-9, the factor) into
              // the past: then it is an expired boleto of ours, as above. The corpus follows TODAY, so which
              // case this is changes from day to day (a factor 1xxx made 8xxx names a date in 2021).
              veredito: !altered.startsWith('999')
                ? 'nao-pague'
                : (dateOfFactor(Number(barcodeFromLinha(altered).slice(5, 9)), TODAY) ?? TODAY) < TODAY
                  ? 'atencao'
                  : 'confere',
            }
          : {
              kind: 'altered digit',
              codigo: altered,
              veredito: 'nao-pague',
              titulo: /^O dígito verificador .* não confere/,
            },
    );
  }
  for (const [fields, bank] of sample(
    fc.tuple(boletoFields, fc.constantFrom('001', '033', '104', '237', '341')),
    20,
    4,
  )) {
    const reading = barcodeFromLinha(genuineLine(fields));
    const rebuilt = linhaDigitavel(
      boletoBarcode({
        bankCode: bank,
        dueDate: addDays(TODAY, fields.days),
        amountCents: fields.amountCents,
        freeField: reading.slice(19),
      }),
    );
    cases.push({
      kind: 'another bank',
      codigo: rebuilt,
      veredito: 'nao-pague',
      titulo: /^O banco deste boleto/,
    });
  }
  for (const [fields, convenio] of sample(fc.tuple(boletoFields, fc.stringMatching(/^[0-9]{7}$/)), 20, 5)) {
    if (convenio === CONVENIO) continue;
    const line = linhaDigitavel(
      boletoBarcode({
        bankCode: STUB_BANK_CODE,
        dueDate: addDays(TODAY, fields.days),
        amountCents: fields.amountCents,
        freeField: boletoFreeField({
          convenio,
          agreementId: String(fields.agreement),
          parcela: fields.parcela,
        }).freeField,
      }),
    );
    cases.push({
      kind: 'another beneficiary',
      codigo: line,
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.beneficiary,
    });
  }
  const pix = (
    key: string,
    { creditor, amountCents, txid }: { creditor: string; amountCents: number; txid: string },
  ) => pixCopiaECola({ key, amountCents, merchantName: creditor, merchantCity: PIX_CITY, txid });
  for (const fields of sample(pixFields, 30, 6)) {
    cases.push({
      kind: 'genuine PIX',
      codigo: pix(STUB_PIX_KEY, fields),
      veredito: 'confere',
      titulo: VERIFY_MESSAGES.official('PIX', [fields.creditor]),
    });
  }
  for (const [fields, key] of sample(fc.tuple(pixFields, fc.uuid()), 20, 7)) {
    cases.push({
      kind: 'swapped PIX key',
      codigo: pix(key, fields),
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.pixKey,
    });
  }
  for (const fields of sample(pixFields, 15, 8)) {
    cases.push({
      kind: 'a CPF as the key',
      codigo: pix('52998224725', fields),
      veredito: 'nao-pague',
      titulo: VERIFY_MESSAGES.pixKey,
    });
  }
  for (const [fields, at] of sample(fc.tuple(pixFields, fc.nat()), 20, 9)) {
    const code = pix(STUB_PIX_KEY, fields);
    // after the payload format field (a code not starting with it is no PIX code) and before the CRC
    const index = 6 + (at % (code.length - 10));
    const character = code[index] === 'X' ? 'Y' : 'X';
    cases.push({
      kind: 'altered PIX (bad CRC)',
      codigo: code.slice(0, index) + character + code.slice(index + 1),
      veredito: 'nao-pague',
    });
  }
  for (const fields of sample(pixFields, 10, 10)) {
    cases.push({
      kind: 'another receiver name',
      codigo: pixCopiaECola({
        key: STUB_PIX_KEY,
        amountCents: fields.amountCents,
        merchantName: 'Fulano de Tal',
        merchantCity: PIX_CITY,
      }),
      veredito: 'atencao',
      titulo: VERIFY_MESSAGES.receiver(pixText('Fulano de Tal', 25)),
    });
  }
  for (const garbage of sample(
    fc.string({ minLength: 1, maxLength: 120 }).filter((s) => s.trim() !== ''),
    30,
    11,
  )) {
    cases.push({ kind: 'garbage', codigo: garbage, veredito: 'invalido', titulo: VERIFY_MESSAGES.unknown });
  }
  return cases;
}

describe('the verification corpus', () => {
  it('gives each of at least 200 generated cases its expected verdict', async () => {
    const partners = partnersReply.parse(await (await fetch(`${stack.stubUrl}/parceiros`)).json()).data;
    const cases = corpus(partners.map((p) => p.nome));
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const { trpc } = stack.client();
    const wrong: string[] = [];
    for (const c of cases) {
      const result = await trpc.verification.check.mutate({ codigo: c.codigo });
      const titleOk =
        c.titulo === undefined ||
        (typeof c.titulo === 'string' ? result.titulo === c.titulo : c.titulo.test(result.titulo));
      if (result.veredito !== c.veredito || !titleOk)
        wrong.push(`${c.kind}: ${c.codigo} → ${result.veredito} '${result.titulo}'`);
    }
    expect(wrong).toEqual([]);
    // the BFF logged the calls (at debug level here), never a code: not even a genuine boleto's free field
    const logged = logSink.lines.join('\n');
    expect(logged).toContain('verification.check');
    const leaked = cases.filter((c) => c.kind !== 'garbage' && logged.includes(c.codigo.slice(10, 40)));
    expect(leaked).toEqual([]);
    const kinds = new Map<string, number>();
    for (const c of cases) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    expect([...kinds.keys()]).toEqual(expect.arrayContaining(['genuine boleto', 'genuine PIX', 'garbage']));
  });

  it("signed in, gives 'não pague' to Ana's genuine boleto at 20 other amounts, every check digit recomputed", async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const { open, acordo } = await reissueOpenInstalment(trpc);
    const barcode = barcodeFromLinha(acordo.boletos[0]?.linhaDigitavel ?? '');
    const dueDate = readBoleto(barcode, TODAY)?.dueDate;
    if (!dueDate) throw new Error('no due date');
    expect(await trpc.verification.check.mutate({ codigo: linhaDigitavel(barcode) })).toMatchObject({
      veredito: 'confere',
    });
    const amounts = sample(fc.integer({ min: 1, max: 9_999_999 }), 20, 13).filter(
      (c) => c !== open.valorCents,
    );
    for (const amountCents of amounts) {
      const line = linhaDigitavel(
        boletoBarcode({ bankCode: barcode.slice(0, 3), dueDate, amountCents, freeField: barcode.slice(19) }),
      );
      const result = await trpc.verification.check.mutate({ codigo: line });
      expect(result.veredito, line).toBe('nao-pague');
      expect(result.titulo).toContain(`não confere com a parcela ${open.numero}`);
    }
  });

  it('answers 1,000 fuzzed inputs without one 5xx', async () => {
    const digitsLike = fc.stringMatching(/^[0-9 .-]{40,52}$/);
    const pixLike = fc.string({ maxLength: 300 }).map((s) => `000201${s}`);
    const anyText = fc.string({ unit: 'binary', maxLength: 700 });
    const inputs = sample(fc.oneof(digitsLike, pixLike, anyText, fc.constant('')), 1_000, 12);
    const statuses = new Map<number, number>();
    for (const codigo of inputs) {
      const response = await fetch(`${stack.url}/trpc/verification.check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.url },
        body: JSON.stringify({ codigo }),
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect([...statuses.keys()].every((status) => status === 200 || status === 400)).toBe(true);
  });
});
