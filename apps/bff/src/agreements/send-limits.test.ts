import { contractWithAgreement, failure, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    env: { AGREEMENT_SENDS_PER_SESSION_HOUR: '2', AGREEMENT_SENDS_PER_PERSON_DAY: '3' },
  });
});
afterAll(() => stack.close());

/** The emitirBoleto messages that reached the simulator for a document. */
const emitirBoletoOf = (cpfCnpj: string) =>
  stack.stub.state.proxyRequests.filter((m) => m.cpfcnpj === cpfCnpj && m.metodo === 'emitirBoleto').length;

/** A browser signed in as Ana's copy, with the open instalment of her agreement in progress. */
async function signedIn(cpfCnpj: string) {
  const { trpc } = stack.client();
  await trpc.auth.signIn.mutate({ cpfCnpj, senha: 'Acordo@2026' });
  const found = await contractWithAgreement(trpc);
  const open = (await trpc.agreements.inProgress.query(found)).parcelas.find((p) => p.status === 'EM ABERTO');
  if (!open) throw new Error('no open instalment');
  return { trpc, reissue: () => trpc.agreements.reissue.mutate({ ...found, parcela: open.id }) };
}

describe('boleto sends and re-issues', () => {
  it('are limited per session, sends and re-issues together, refused before anything reaches the upstream', async () => {
    const user = stack.stub.state.clonePersona('ana');
    const { trpc, reissue } = await signedIn(user.cpfCnpj);
    expect((await reissue()).status).toBe('concluido');
    const sent = await trpc.agreements.send.mutate({ canal: 'email', destino: 'ana@example.com' });
    expect(sent.ok).toBe(true);
    const sentBefore = emitirBoletoOf(user.cpfCnpj);

    for (const refused of [
      await failure(trpc.agreements.send.mutate({ canal: 'email', destino: 'ana@example.com' })),
      await failure(reissue()),
    ]) {
      expect(refused.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toBe(SHARED_MESSAGES.tooManyAttempts);
    }
    expect(emitirBoletoOf(user.cpfCnpj)).toBe(sentBefore);
  });

  it('are limited per person across sessions, and hold nobody else back', async () => {
    const user = stack.stub.state.clonePersona('ana');
    for (let i = 0; i < 3; i += 1)
      expect((await (await signedIn(user.cpfCnpj)).reissue()).status).toBe('concluido');
    const sentBefore = emitirBoletoOf(user.cpfCnpj);
    const refused = await failure((await signedIn(user.cpfCnpj)).reissue());
    expect(refused.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.message).toBe(SHARED_MESSAGES.tooManyAttempts);
    expect(emitirBoletoOf(user.cpfCnpj)).toBe(sentBefore);

    const other = stack.stub.state.clonePersona('ana');
    expect((await (await signedIn(other.cpfCnpj)).reissue()).status).toBe('concluido');
  });
});
