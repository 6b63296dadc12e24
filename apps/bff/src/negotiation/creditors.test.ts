import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// Luciana, as the simulator seeds her: a CPF that starts with zeros (the upstream sends it without them),
// contracts at Moda Aurora (1003, whole), ConstruBem (1007, sent without payment types) and Energia
// Serra Azul (1009, sent with a malformed payment type).
const LUCIANA = '00481516298';

const lines: string[] = [];
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    env: { PROXY_TIMEOUT_MS: '400', LOG_LEVEL: 'debug' },
    deps: { logStream: { write: (line) => lines.push(line) } },
  });
});
afterAll(() => stack.close());
beforeEach(() => {
  lines.length = 0;
});

async function signedIn() {
  const client = stack.client();
  const session = await client.trpc.auth.signIn.mutate(PERSONA.luciana);
  return { ...client, session };
}

describe('creditors the upstream sends off the usual shape', () => {
  it('leave the others on /minha-conta: a malformed creditor is left out, one without pagamento is shown', async () => {
    const { trpc } = await signedIn();
    const creditors = await trpc.debts.creditors.query();
    expect(creditors.map((c) => c.codcredor)).toEqual(['1003', '1007']);
  });

  it('are logged by their shape only: which fields were wrong, no document, name, e-mail or phone', async () => {
    // the sign-in looks the debts up once, for Minha conta's first screen
    const { session } = await signedIn();
    expect(session.primeiraTela?.credores.map((c) => c.codcredor)).toEqual(['1003', '1007']);
    const entries = lines
      .map((line) => JSON.parse(line) as { msg?: string; creditor?: number; issues?: unknown })
      .filter((entry) => entry.msg?.includes('creditor off contract'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.creditor).toBe(2);
    // its third payment type: a string id, 'PIX' for pix, 'S' for true, no pagamentoProposta
    expect(entries[0]?.issues).toEqual([
      { path: 'pagamento.2.idTipoPagamento', code: 'invalid_type' },
      { path: 'pagamento.2.tipoPagamento', code: 'invalid_value' },
      { path: 'pagamento.2.pagamentoInterno', code: 'invalid_type' },
      { path: 'pagamento.2.pagamentoProposta', code: 'invalid_type' },
    ]);
    const line = JSON.stringify(entries[0]);
    for (const personal of [
      LUCIANA,
      '481516298',
      '004.815.162-98',
      'Luciana',
      'luciana.alves@example.com',
      '85991234567',
      'Energia Serra Azul',
      'PIX',
    ]) {
      expect(line).not.toContain(personal);
    }
  });

  it('give a creditor sent without pagamento the default payment type: boleto, paid inside the portal', async () => {
    const { trpc } = await signedIn();
    const [contract] = await trpc.negotiation.contracts.query({ codcredor: '1007' });
    if (!contract) throw new Error('Luciana has a contract at ConstruBem');
    const offers = await trpc.negotiation.offers.query({
      codcredor: '1007',
      contrato: contract.contrato,
      propostas: true,
      dividas: true,
    });
    expect(offers.formasPagamento).toEqual([
      { tipo: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
    ]);
  });
});

describe('a CPF the upstream sends without its leading zeros', () => {
  it('signs Luciana in, with her CPF shown with its zeros', async () => {
    const { trpc, session } = await signedIn();
    expect(session).toMatchObject({ documento: '004.815.162-98', tipoDocumento: 'CPF', empresa: false });
    expect(await trpc.auth.session.query()).toMatchObject({ documento: '004.815.162-98' });
    expect(await trpc.account.profile.query()).toMatchObject({
      nome: 'Luciana Ferreira Alves',
      empresa: false,
    });
  });

  it('takes her from her contracts to a concluded agreement, by boleto at the creditor that sent no payment types', async () => {
    const { trpc } = await signedIn();
    const contracts = await trpc.negotiation.contracts.query({ codcredor: '1007' });
    expect(contracts.map((c) => c.contrato)).toEqual(['4470193']);
    expect(contracts[0]?.principalCents).toBe(58500);
    const offers = await trpc.negotiation.offers.query({
      codcredor: '1007',
      contrato: '4470193',
      propostas: true,
      dividas: true,
    });
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no upfront proposal');
    const summary = await trpc.negotiation.saveSummary.mutate({
      codcredor: '1007',
      contrato: '4470193',
      formaPagamento: 'boleto',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: upfront.id },
    });
    const result = await trpc.agreements.create.mutate({
      chave: summary.chave,
      email: 'luciana.alves@example.com',
      telefone: '(85) 99123-4567',
    });
    expect(result.status).toBe('concluido');
    const ledger = (await (await fetch(`${stack.stubUrl}/__stub/agreements?cpfCnpj=${LUCIANA}`)).json()) as {
      contrato: string;
      formapagamento: number;
    }[];
    expect(ledger).toEqual([expect.objectContaining({ contrato: '4470193', formapagamento: 1 })]);
  });
});
