import type { LedgerAgreement } from '@portal/stub/negotiation/agreements';
import { boletoNossoNumero } from '@portal/stub/negotiation/agreements';
import { concludeIndividualInstalments, failure, type Stack, startStack } from '@portal/test-kit/harness';
import { openSocket } from '@portal/test-kit/stub-socket';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_MESSAGES } from './types';

// What reached the upstream is read at the simulator (its journal of proxy requests), never from the BFF.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '2000' } });
});
afterAll(() => stack.close());
afterEach(() => stack.stub.faults.reset());

const PASSWORD = 'Acordo@2026';
// Ana's agreement in progress, at a creditor whose upstream marks no instalment FUTURA
const ANA_AGREEMENT = { codcredor: '1006', contrato: '6011452873' };
const CODIGO = '2025004417';

/** A fresh copy of a seeded persona (same contracts and agreement), signed in to the portal. */
async function signInAsCopyOf(like: 'ana' | 'maria') {
  const user = stack.stub.state.clonePersona(like);
  const { trpc } = stack.client();
  await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
  return { trpc, user };
}

/** The requests of a method the simulator received for a document, oldest first. */
const received = async (cpfCnpj: string, metodo: string) =>
  (await (
    await fetch(`${stack.stubUrl}/__stub/proxy/requests?cpfCnpj=${cpfCnpj}&metodo=${metodo}`)
  ).json()) as Record<string, unknown>[];

const ledgerOf = async (cpfCnpj: string) =>
  (await (await fetch(`${stack.stubUrl}/__stub/agreements?cpfCnpj=${cpfCnpj}`)).json()) as LedgerAgreement[];

describe('the instalments of an agreement in progress', () => {
  it('shows only the first unpaid one EM ABERTO, the later ones FUTURA, though the upstream sent them all open', async () => {
    const { trpc, user } = await signInAsCopyOf('ana');
    // the upstream itself, asked directly: every unpaid instalment 'EM ABERTO'
    const login = await fetch(`${stack.stubUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: user.cpfCnpj, senha: PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const socket = await openSocket(stack.stubUrl, '/ws/proxy');
    const upstream = (await socket.ask({
      idRequest: 'q-1',
      metodo: 'consultaAcordo',
      app: 'test',
      cpfcnpj: user.cpfCnpj,
      token,
      ...ANA_AGREEMENT,
    })) as { data: { parcelasAcordo: { status: string }[] } };
    socket.close();
    expect(upstream.data.parcelasAcordo.map((p) => p.status)).toEqual([
      'PAGO',
      'PAGO',
      'PAGO',
      'EM ABERTO',
      'EM ABERTO',
      'EM ABERTO',
    ]);

    const agreement = await trpc.agreements.inProgress.query(ANA_AGREEMENT);
    expect(agreement.parcelas.map((p) => [p.numero, p.status])).toEqual([
      [1, 'PAGO'],
      [2, 'PAGO'],
      [3, 'PAGO'],
      [4, 'EM ABERTO'],
      [5, 'FUTURA'],
      [6, 'FUTURA'],
    ]);
  });

  it('refuses to issue any instalment but the first open one, and sends nothing upstream', async () => {
    const { trpc, user } = await signInAsCopyOf('ana');
    for (const parcela of [`${CODIGO}-5`, `${CODIGO}-6`, `${CODIGO}-3`, `${CODIGO}-99`]) {
      const refused = await failure(trpc.agreements.reissue.mutate({ ...ANA_AGREEMENT, parcela }));
      expect(refused.data?.code, parcela).toBe('BAD_REQUEST');
      expect(refused.message).toBe(AGREEMENT_MESSAGES.issueFailed);
    }
    expect(await received(user.cpfCnpj, 'emitirBoleto')).toEqual([]);
  });
});

describe("'Gerar pagamento' (agreements.reissue)", () => {
  it("issues by one channel, the e-mail on file, with the agreement's method and the boleto's own nosso número", async () => {
    const { trpc, user } = await signInAsCopyOf('ana');
    const reissued = await trpc.agreements.reissue.mutate({ ...ANA_AGREEMENT, parcela: `${CODIGO}-4` });
    if (reissued.status !== 'concluido') throw new Error('not reissued');
    const sent = await received(user.cpfCnpj, 'emitirBoleto');
    expect(sent).toEqual([
      expect.objectContaining({
        ...ANA_AGREEMENT,
        idproposta: `${CODIGO}-4`,
        modo: '1',
        canalrecebimento: 'email',
        destinorecebimento: user.profile.email,
        nossonumero: boletoNossoNumero(CODIGO, 4),
        formapagamento: 1,
      }),
    ]);
    expect(reissued.acordo).toMatchObject({ nossonumero: boletoNossoNumero(CODIGO, 4), tipoAcordo: 'AP' });
    expect(reissued.acordo.boletos).toHaveLength(1);
  });

  it('issues by SMS alone, without the payment method, when only a phone is typed', async () => {
    const { trpc, user } = await signInAsCopyOf('ana');
    await trpc.agreements.reissue.mutate({
      ...ANA_AGREEMENT,
      parcela: `${CODIGO}-4`,
      telefone: '(31) 99123-4567',
    });
    const [sms, ...more] = await received(user.cpfCnpj, 'emitirBoleto');
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ canalrecebimento: 'sms', destinorecebimento: '31991234567' });
    expect(sms).not.toHaveProperty('formapagamento');
  });

  it('forgets the agreement it showed when the upstream has no boleto left to issue', async () => {
    const { trpc } = await signInAsCopyOf('ana');
    const first = await trpc.agreements.reissue.mutate({ ...ANA_AGREEMENT, parcela: `${CODIGO}-4` });
    expect(first.status).toBe('concluido');
    stack.stub.faults.set({ emptyReissue: true });
    expect(await trpc.agreements.reissue.mutate({ ...ANA_AGREEMENT, parcela: `${CODIGO}-4` })).toEqual({
      status: 'sem-boletos',
    });
    expect(await trpc.agreements.concluded.query()).toBeNull();
  });
});

/** Maria's copy concludes an agreement of three individual instalments (modo '2') of one contract. */
async function individualInstalmentsAgreement() {
  const { trpc, user } = await signInAsCopyOf('maria');
  const { scope, created } = await concludeIndividualInstalments(trpc, user.profile.email);
  if (created.status !== 'concluido') throw new Error('not concluded');
  const [made] = await ledgerOf(user.cpfCnpj);
  if (!made) throw new Error('no agreement in the ledger');
  return { trpc, user, scope, created: created.acordo, codigo: made.codigoAcordo };
}

describe('sending again (agreements.send)', () => {
  it('sends every boleto of an individual-instalments agreement, each by its own nosso número, one channel a call', async () => {
    const { trpc, user, scope, codigo } = await individualInstalmentsAgreement();
    const each = [1, 2, 3].map((numero) => ({
      ...scope,
      idproposta: `${codigo}-${numero}`,
      modo: '2',
      nossonumero: boletoNossoNumero(codigo, numero),
    }));

    expect(await trpc.agreements.send.mutate({ canal: 'email', destino: 'outra@example.com' })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await received(user.cpfCnpj, 'emitirBoleto')).toEqual(
      each.map((boleto) =>
        expect.objectContaining({
          ...boleto,
          canalrecebimento: 'email',
          destinorecebimento: 'outra@example.com',
          formapagamento: 1,
        }),
      ),
    );

    await trpc.agreements.send.mutate({ canal: 'sms', destino: '(11) 99876-5432' });
    const bySms = (await received(user.cpfCnpj, 'emitirBoleto')).slice(3);
    expect(bySms).toEqual(
      each.map((boleto) =>
        expect.objectContaining({ ...boleto, canalrecebimento: 'sms', destinorecebimento: '11998765432' }),
      ),
    );
    for (const sms of bySms) expect(sms).not.toHaveProperty('formapagamento');
  });

  it('keeps the type and mode the agreement was made with when one of its instalments is issued again', async () => {
    const { trpc, user, scope, created, codigo } = await individualInstalmentsAgreement();
    expect(created).toMatchObject({ tipoAcordo: 'AV', modo: '2' });
    const { parcelas } = await trpc.agreements.inProgress.query(scope);
    const open = parcelas.find((p) => p.status === 'EM ABERTO');
    if (!open) throw new Error('no open instalment');
    const reissued = await trpc.agreements.reissue.mutate({ ...scope, parcela: open.id });
    if (reissued.status !== 'concluido') throw new Error('not reissued');
    expect(reissued.acordo).toMatchObject({ tipoAcordo: 'AV', modo: '2' });
    expect(await received(user.cpfCnpj, 'emitirBoleto')).toEqual([
      expect.objectContaining({ idproposta: `${codigo}-1`, modo: '2' }),
    ]);
  });

  it('forgets the agreement when the upstream has no boleto left to send', async () => {
    const { trpc } = await individualInstalmentsAgreement();
    stack.stub.faults.set({ emptyReissue: true });
    expect(await trpc.agreements.send.mutate({ canal: 'email', destino: 'outra@example.com' })).toEqual({
      ok: false,
      message: AGREEMENT_MESSAGES.nothingToIssue,
    });
    expect(await trpc.agreements.concluded.query()).toBeNull();
  });
});
