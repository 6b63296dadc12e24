import type { Creditor } from '@portal/contracts/upstream/entities';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { Refusal } from '../core/refusal';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import {
  contractScope,
  creditorBrief,
  creditorCard,
  creditorContracts,
  creditorOf,
  listCreditors,
  NEGOTIATION_MESSAGES,
  paymentTypes,
} from './creditors';

const creditor = (agrupador: string, over: Partial<Creditor> = {}): Creditor => ({
  logomarca: `https://upstream.example/logos/c${agrupador}.png`,
  nomcontratante: `Credor ${agrupador}`,
  agrupador,
  url: `https://credor${agrupador}.example`,
  pagamento: [{ idTipoPagamento: 4, tipoPagamento: 'pix', pagamentoInterno: true, pagamentoProposta: false }],
  parcelasIndividuaisSequenciais: true,
  ...over,
});

/** A proxy that answers consultaDebito with `credor` and keeps every call it got. */
function debitsProxy(credor: unknown[]) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  const proxy = {
    call: async (method: string, body: Record<string, unknown>) => {
      calls.push({ method, body });
      if (method === 'consultaDebito') return { credor };
      if (method === 'consultaContrato') return { contratos: [] };
      throw new Error(`unexpected ${method}`);
    },
  } as never as Ports['proxy'];
  return { calls, proxy };
}

describe('creditorBrief, creditorCard, paymentTypes', () => {
  it('name a creditor by its code, its name and its logo through our origin, with its flags and payment types', () => {
    const c = creditor('1001');
    expect(creditorBrief(c)).toEqual({
      codcredor: '1001',
      nome: 'Credor 1001',
      logoUrl: '/api/logos/c1001.png',
    });
    expect(creditorCard(c)).toEqual({ ...creditorBrief(c), sequencial: true });
    expect(paymentTypes(c)).toEqual([{ tipo: 'pix', pagamentoInterno: true, pagamentoProposta: false }]);
  });
});

describe('listCreditors', () => {
  it("asks for the person's document with their token and keeps the list in the session", async () => {
    const { calls, proxy } = debitsProxy([creditor('1001'), creditor('1002')]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports, { cpfCnpj: '52998224725', token: 'tk' });
    const list = await listCreditors(ports, person);
    expect(list.map((c) => c.agrupador)).toEqual(['1001', '1002']);
    expect(calls).toEqual([{ method: 'consultaDebito', body: { cpfcnpj: '52998224725', token: 'tk' } }]);
    expect(await ports.sessions.read(person, 'creditors')).toEqual(list);
  });

  it('leaves out a creditor off contract, logging only where it was and which fields were wrong', async () => {
    const { proxy } = debitsProxy([creditor('1001'), { ...creditor('1002'), nomcontratante: 42 }]);
    const ports = memoryPorts({ proxy });
    const list = await listCreditors(ports, await signedIn(ports));
    expect(list.map((c) => c.agrupador)).toEqual(['1001']);
    expect(ports.log.lines).toEqual([
      {
        level: 'warn',
        fields: { creditor: 1, of: 2, issues: [{ path: 'nomcontratante', code: 'invalid_type' }] },
        message: 'consultaDebito: a creditor off contract was left out',
      },
    ]);
  });

  it('takes a list none of whose creditors can be read for a bad reply, and keeps nothing', async () => {
    const { proxy } = debitsProxy([{ agrupador: '1001' }]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    const error = await listCreditors(ports, person).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'bad-reply' });
    expect(await ports.sessions.read(person, 'creditors')).toBeUndefined();
  });

  it('keeps an empty list as it is', async () => {
    const { proxy } = debitsProxy([]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    expect(await listCreditors(ports, person)).toEqual([]);
    expect(await ports.sessions.read(person, 'creditors')).toEqual([]);
  });
});

describe('creditorOf', () => {
  it('finds a creditor the session listed without asking again', async () => {
    const { calls, proxy } = debitsProxy([]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    await ports.sessions.write(person, 'creditors', [creditor('1001')]);
    expect(await creditorOf(ports, person, '1001')).toEqual(creditor('1001'));
    expect(calls).toEqual([]);
  });

  it('lists the creditors again when the session has not got this one', async () => {
    const { calls, proxy } = debitsProxy([creditor('1001'), creditor('1002')]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports);
    await ports.sessions.write(person, 'creditors', [creditor('1001')]);
    expect((await creditorOf(ports, person, '1002')).agrupador).toBe('1002');
    expect(calls.map((c) => c.method)).toEqual(['consultaDebito']);
    expect(await ports.sessions.read(person, 'creditors')).toHaveLength(2);
  });

  it("refuses a creditor that is not the person's", async () => {
    const { proxy } = debitsProxy([creditor('1001')]);
    const ports = memoryPorts({ proxy });
    const error = await creditorOf(ports, await signedIn(ports), '9999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect(error).toMatchObject({ kind: 'not-found', message: NEGOTIATION_MESSAGES.unknownCreditor });
  });
});

describe('contractScope', () => {
  it('names who asks and which contract', async () => {
    const ports = memoryPorts();
    const person = await signedIn(ports, { cpfCnpj: '11144477735', token: 'tk' });
    expect(contractScope(person, '1001', 'C-1')).toEqual({
      cpfcnpj: '11144477735',
      token: 'tk',
      codcredor: '1001',
      contrato: 'C-1',
    });
  });
});

describe('creditorContracts', () => {
  it("asks for the creditor's contracts carrying the creditor's record", async () => {
    const { calls, proxy } = debitsProxy([]);
    const ports = memoryPorts({ proxy });
    const person = await signedIn(ports, { cpfCnpj: '52998224725', token: 'tk' });
    const c = creditor('1001');
    expect(await creditorContracts(ports, person, c)).toEqual([]);
    expect(calls).toEqual([
      {
        method: 'consultaContrato',
        body: {
          cpfcnpj: '52998224725',
          token: 'tk',
          codcredor: '1001',
          logomarca: c.logomarca,
          url: c.url,
          parcelasIndividuaisSequenciais: true,
          pagamento: c.pagamento,
        },
      },
    ]);
  });
});
