import { createClient, failure, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const PASSWORD = 'Acordo@2026';
const change = { senha: PASSWORD, novaSenha: 'Nova@senha1', confirmacao: 'Nova@senha1' };

/** A browser signed in as the document given. */
async function signedIn(cpfCnpj: string) {
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj, senha: PASSWORD });
  return client;
}

describe('a password change', () => {
  it("gives this browser a new session id with the same session, and signs the person's other browsers out", async () => {
    const user = stack.stub.state.clonePersona('maria');
    const other = stack.stub.state.clonePersona('ana');
    const here = await signedIn(user.cpfCnpj);
    const [phone, laptop] = [await signedIn(user.cpfCnpj), await signedIn(user.cpfCnpj)];
    const someoneElse = await signedIn(other.cpfCnpj);

    // A summary in this session's slots, to find again under the new id.
    const [creditor] = await here.trpc.debts.creditors.query();
    if (!creditor) throw new Error('no creditor');
    const contract = (await here.trpc.negotiation.contracts.query({ codcredor: creditor.codcredor })).find(
      (c) => c.destino === 'negociacao',
    );
    if (!contract) throw new Error('no contract');
    const offers = await here.trpc.negotiation.offers.query({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      propostas: contract.chamarProposta,
      dividas: contract.chamarDivida,
    });
    const [proposal] = offers.proposals;
    if (!proposal) throw new Error('no proposal');
    const summary = await here.trpc.negotiation.saveSummary.mutate({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      formaPagamento: 'boleto',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: proposal.id },
    });
    const session = await here.trpc.auth.session.query();
    const oldId = here.jar.get('sid') ?? '';

    expect(await here.trpc.account.changePassword.mutate(change)).toEqual({
      message: 'Senha alterada com sucesso.',
    });

    const newId = here.jar.get('sid') ?? '';
    expect(newId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newId).not.toBe(oldId);
    expect(await here.trpc.auth.session.query()).toEqual(session);
    expect(await here.trpc.negotiation.summary.query()).toEqual(summary);

    const stale = createClient(stack.url);
    stale.jar.set('sid', oldId);
    expect((await failure(stale.trpc.account.profile.query())).data?.code).toBe('UNAUTHORIZED');
    for (const browser of [phone, laptop]) {
      expect((await failure(browser.trpc.account.profile.query())).data?.code).toBe('UNAUTHORIZED');
    }
    // Another person's session is untouched, and the new password signs in.
    expect((await someoneElse.trpc.account.profile.query()).nome).toBe(other.profile.nome);
    await createClient(stack.url).trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: change.novaSenha });
  });

  it('keeps the session when the current password is wrong', async () => {
    const user = stack.stub.state.clonePersona('maria');
    const here = await signedIn(user.cpfCnpj);
    const phone = await signedIn(user.cpfCnpj);
    const id = here.jar.get('sid');
    const wrong = await failure(here.trpc.account.changePassword.mutate({ ...change, senha: 'Errada@2026' }));
    expect(wrong.message).toBe('Senha atual incorreta.');
    expect(here.jar.get('sid')).toBe(id);
    expect((await phone.trpc.account.profile.query()).nome).toBe(user.profile.nome);
  });
});
