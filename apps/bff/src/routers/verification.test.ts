import { officialChannelsReply } from '@portal/contracts/upstream/official-channels';
import { boletoBarcode, linhaDigitavel } from '@portal/stub/payments/febraban';
import { pixCopiaECola } from '@portal/stub/payments/pix';
import { onEveryStore } from '@portal/test-kit/every-store';
import { failure, PERSONA, reissueOpenInstalment, type Stack, startStack } from '@portal/test-kit/harness';
import { readBoleto } from '@portal/validation/boleto';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { formatMoney } from '@portal/validation/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MESSAGES } from '../verification/verify';

let stack: Stack;
const STACK_OPTIONS = (env: Record<string, string>) => ({ env });

/** Ana's open instalment, and a genuine boleto for it issued by the simulator ('Gerar pagamento'). */
async function anasBoleto() {
  const { trpc } = stack.client();
  await trpc.auth.signIn.mutate(PERSONA.ana);
  const { agreement, open, acordo } = await reissueOpenInstalment(trpc);
  return { trpc, agreement, open, line: acordo.boletos[0]?.linhaDigitavel ?? '' };
}

/** The official channels as the simulator publishes them. */
const channels = async () =>
  officialChannelsReply.parse(await (await fetch(`${stack.stubUrl}/canais-oficiais`)).json()).data;

/** A line for this barcode's fields with one of them changed, and every check digit recomputed. */
const rewritten = (line: string, change: { bankCode?: string; amountCents?: number }) => {
  const reading = readBoleto(line, todayInBrazil());
  if (!reading?.dueDate) throw new Error('not a boleto');
  return linhaDigitavel(
    boletoBarcode({
      bankCode: change.bankCode ?? reading.bankCode,
      dueDate: reading.dueDate,
      amountCents: change.amountCents ?? reading.amountCents,
      freeField: reading.freeField,
    }),
  );
};

onEveryStore((storeEnv) => {
  beforeAll(async () => {
    stack = await startStack(STACK_OPTIONS(storeEnv()));
  });
  afterAll(() => stack.close());

  describe('verification.check', () => {
    it("names Ana's agreement, instalment, amount and due date for her genuine boleto, signed in", async () => {
      const { trpc, agreement, open, line } = await anasBoleto();
      const result = await trpc.verification.check.mutate({ codigo: line });
      const cents = open.valorCents;
      expect(result).toMatchObject({
        tipo: 'boleto',
        veredito: 'confere',
        titulo: `Este boleto é do seu acordo com ${agreement.credor.nome}, parcela ${open.numero}, ${formatMoney(cents)}, vencimento ${formatBrDate(open.vencimento)}`,
        credor: agreement.credor.nome,
      });
      expect(result.campos.filter((c) => c.situacao === 'erro')).toEqual([]);
      expect(result.campos.map((c) => c.campo)).toEqual(
        expect.arrayContaining(['Banco', 'Beneficiário', 'Vencimento', 'Valor', 'Dígito verificador geral']),
      );

      // the same boleto, its amount changed and every check digit recomputed: the reference is Ana's
      const otherAmount = await trpc.verification.check.mutate({
        codigo: rewritten(line, { amountCents: cents + 100 }),
      });
      expect(otherAmount.veredito).toBe('nao-pague');
      expect(otherAmount.titulo).toContain(`não confere com a parcela ${open.numero}`);
    });

    it('says a genuine boleto is a partner’s official channel, signed out, and asks to sign in to match it', async () => {
      const { line } = await anasBoleto();
      const { trpc } = stack.client();
      const result = await trpc.verification.check.mutate({ codigo: line });
      expect(result.veredito).toBe('confere');
      expect(result.titulo).toBe('Este boleto é de um canal oficial das empresas parceiras.');
      expect(result.motivos).toContain(VERIFY_MESSAGES.signInToMatch);
    });

    it('names the field that fails: a changed digit, another bank', async () => {
      const { line } = await anasBoleto();
      const { trpc } = stack.client();
      const digits = line.replace(/\D/g, '');
      const changed = digits.slice(0, 12) + String((Number(digits[12]) + 1) % 10) + digits.slice(13);
      const altered = await trpc.verification.check.mutate({ codigo: changed });
      expect(altered).toMatchObject({
        veredito: 'nao-pague',
        titulo: VERIFY_MESSAGES.checkDigit('dígito verificador do campo 2'),
      });
      expect(altered.campos.find((c) => c.campo === 'Dígito verificador do campo 2')?.situacao).toBe('erro');

      const otherBank = await trpc.verification.check.mutate({
        codigo: rewritten(line, { bankCode: '341' }),
      });
      expect(otherBank).toMatchObject({
        veredito: 'nao-pague',
        titulo: VERIFY_MESSAGES.bank('341 – Itaú Unibanco'),
      });
      expect(otherBank.campos.find((c) => c.campo === 'Banco')?.situacao).toBe('erro');
    });

    it('tells an official PIX key from a swapped one, a person’s CPF as the key, and an altered code', async () => {
      const [channel] = await channels();
      if (!channel) throw new Error('no channels');
      const { trpc } = stack.client();
      const code = (key: string) =>
        pixCopiaECola({
          key,
          amountCents: 21_000,
          merchantName: channel.nomesRecebedor[0] ?? '',
          merchantCity: 'SAO PAULO',
        });

      const genuine = await trpc.verification.check.mutate({ codigo: code(channel.chavesPix[0] ?? '') });
      expect(genuine).toMatchObject({ tipo: 'pix', veredito: 'confere', credor: channel.credor });
      expect(genuine.titulo).toBe(VERIFY_MESSAGES.official('PIX', [channel.credor]));

      const swapped = await trpc.verification.check.mutate({
        codigo: code('e33ba64d-e833-4c5c-99d1-000000000000'),
      });
      expect(swapped).toMatchObject({ veredito: 'nao-pague', titulo: VERIFY_MESSAGES.pixKey });
      expect(swapped.campos.find((c) => c.campo === 'Chave PIX')?.situacao).toBe('erro');

      const personal = await trpc.verification.check.mutate({ codigo: code('52998224725') });
      expect(personal).toMatchObject({
        titulo: VERIFY_MESSAGES.pixKey,
        motivos: [VERIFY_MESSAGES.personalKey],
      });

      const altered = code(channel.chavesPix[0] ?? '')
        .replace('21000', '91000')
        .replace('210.00', '910.00');
      expect(await trpc.verification.check.mutate({ codigo: altered })).toMatchObject({
        veredito: 'nao-pague',
        titulo: VERIFY_MESSAGES.crc,
      });
    });

    it('answers text that is no code with what it expects, and refuses an empty or huge paste', async () => {
      const { trpc } = stack.client();
      expect(await trpc.verification.check.mutate({ codigo: 'oi, segue o boleto' })).toMatchObject({
        tipo: 'desconhecido',
        veredito: 'invalido',
        titulo: VERIFY_MESSAGES.unknown,
      });
      expect((await failure(trpc.verification.check.mutate({ codigo: '  ' }))).data?.httpStatus).toBe(400);
      expect(
        (await failure(trpc.verification.check.mutate({ codigo: '1'.repeat(601) }))).data?.httpStatus,
      ).toBe(400);
    });
  });

  describe('verification.check, rate limited', () => {
    let limited: Stack;
    beforeAll(async () => {
      // its own keys in a shared Redis: the other stack's checks came from the same address
      limited = await startStack({
        env: { VERIFY_MAX_PER_IP: '3', ...storeEnv(), KEY_SECRET: 'the-rate-limited-stack-secret' },
      });
    });
    afterAll(() => limited.close());

    it('per IP: the fourth check in ten minutes is refused with 429, before anything is decoded', async () => {
      const { trpc } = limited.client();
      for (let i = 0; i < 3; i += 1) await trpc.verification.check.mutate({ codigo: `texto ${i}` });
      expect((await failure(trpc.verification.check.mutate({ codigo: 'texto' }))).data?.httpStatus).toBe(429);
    });
  });
});
