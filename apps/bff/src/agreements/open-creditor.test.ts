import { type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// What reached the upstream is read at the simulator (its journal of proxy requests), never from the BFF.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());
afterEach(() => stack.stub.faults.reset());

async function signInAsCopyOf(like: 'ana' | 'maria') {
  const user = stack.stub.state.clonePersona(like);
  const { trpc } = stack.client();
  await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
  return { trpc, user };
}

const received = async (cpfCnpj: string) =>
  (
    (await (await fetch(`${stack.stubUrl}/__stub/proxy/requests?cpfCnpj=${cpfCnpj}`)).json()) as {
      metodo: string;
    }[]
  ).map((r) => r.metodo);

describe('the tap on a creditor card (negotiation.open)', () => {
  it("answers a single contract's offers as /negociacao asks them, and the page's own ask gives the same", async () => {
    const { trpc, user } = await signInAsCopyOf('maria');
    const before = (await received(user.cpfCnpj)).length;
    // Onda Telecom: one contract, negotiable
    const opened = await trpc.negotiation.open.query({ codcredor: '1008' });
    expect(opened.contratos).toHaveLength(1);
    expect(opened.seguinte?.pagina).toBe('negociacao');
    const next = opened.seguinte?.pagina === 'negociacao' ? opened.seguinte : undefined;
    expect(next?.pedido).toEqual({
      codcredor: '1008',
      contrato: opened.contratos[0]?.contrato,
      propostas: opened.contratos[0]?.chamarProposta,
      dividas: opened.contratos[0]?.chamarDivida,
    });
    expect(next?.ofertas.proposals.length).toBeGreaterThan(0);
    const asked = (await received(user.cpfCnpj)).slice(before);
    expect(asked).toContain('consultaContrato');
    expect(asked).toContain('consultaProposta');
    if (next) expect(await trpc.negotiation.offers.query(next.pedido)).toEqual(next.ofertas);
  });

  it('answers the agreement /acordos shows for a single contract under agreement', async () => {
    const { trpc } = await signInAsCopyOf('ana');
    const opened = await trpc.negotiation.open.query({ codcredor: '1006' });
    expect(opened.seguinte?.pagina).toBe('acordos');
    const contrato = opened.contratos[0]?.contrato ?? '';
    if (opened.seguinte?.pagina === 'acordos') {
      expect(opened.seguinte.acordo).toEqual(
        await trpc.agreements.inProgress.query({ codcredor: '1006', contrato }),
      );
    }
  });

  it('answers several contracts alone: the person chooses first', async () => {
    const { trpc } = await signInAsCopyOf('maria');
    const creditors = await trpc.debts.creditors.query();
    const several = [];
    for (const { codcredor } of creditors) {
      const opened = await trpc.negotiation.open.query({ codcredor });
      if (opened.contratos.length > 1) several.push(opened);
    }
    expect(several.length).toBeGreaterThan(0);
    for (const opened of several) expect(opened.seguinte).toBeNull();
  });

  it("leaves the next page's data out when it fails, so that page asks and shows the failure", async () => {
    const { trpc } = await signInAsCopyOf('maria');
    stack.stub.faults.set({ errorRate: 1, proxyMethods: ['consultaProposta'] });
    const opened = await trpc.negotiation.open.query({ codcredor: '1008' });
    expect(opened.contratos).toHaveLength(1);
    expect(opened.seguinte).toBeNull();
  });
});
