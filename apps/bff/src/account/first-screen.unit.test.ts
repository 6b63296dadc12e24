import type { Creditor } from '@portal/contracts/upstream/entities';
import { memoryPorts, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { creditorCards } from '../negotiation/creditor-cards';
import type { Ports } from '../ports/ports';
import { toSessionView } from '../session/session-view';
import { UpstreamError } from '../upstream/errors';
import { enterAccount, firstScreen } from './first-screen';

const onda: Creditor = {
  logomarca: 'https://upstream.example/logos/onda.png',
  nomcontratante: 'Onda Telecom',
  agrupador: '1008',
  url: 'https://onda.example',
  pagamento: [
    { idTipoPagamento: 1, tipoPagamento: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
  ],
  parcelasIndividuaisSequenciais: false,
};

/** Ports whose debt lookup answers when `answer` settles, counting the lookups that reached the proxy. */
function portsWith(answer: () => Promise<unknown>) {
  const lookups = { count: 0 };
  const proxy = {
    call: async (method: string) => {
      if (method !== 'consultaDebito') throw new Error(`unexpected ${method}`);
      lookups.count += 1;
      return answer();
    },
  } as never as Ports['proxy'];
  const upstream = { score: async () => ({ score: 712 }) } as never as Ports['upstream'];
  return { ports: memoryPorts({ proxy, upstream }), lookups };
}

describe('firstScreen', () => {
  it("answers Minha conta's creditor cards, the agreement processing (none) and the score, in one lookup", async () => {
    const { ports, lookups } = portsWith(async () => ({ credor: [onda] }));
    const person = await signedIn(ports);
    expect(await firstScreen(ports, { person })).toEqual({
      credores: [
        { codcredor: '1008', nome: 'Onda Telecom', logoUrl: '/api/logos/onda.png', sequencial: false },
      ],
      pendente: null,
      score: { score: 712 },
    });
    expect(lookups.count).toBe(1);
  });

  it('answers nothing when the lookup fails: the page asks again and shows the failure', async () => {
    const { ports } = portsWith(async () => {
      throw new UpstreamError('unavailable', 'down');
    });
    expect(await firstScreen(ports, { person: await signedIn(ports) })).toBeNull();
  });

  it('stops waiting for a slow lookup, and the page then joins it instead of asking the upstream again', async () => {
    const waiting: ((value: unknown) => void)[] = [];
    const release = (value: unknown) => {
      for (const resolve of waiting.splice(0)) resolve(value);
    };
    const { ports, lookups } = portsWith(() => new Promise((resolve) => waiting.push(resolve)));
    const person = await signedIn(ports);
    expect(await firstScreen(ports, { person }, 20)).toBeNull();
    const asked = creditorCards(ports, person);
    release({ credor: [onda] });
    expect((await asked).map((c) => c.nome)).toEqual(['Onda Telecom']);
    expect(lookups.count).toBe(1);
    // once answered, a later ask is a new lookup, and so are asks at once outside a sign-in
    const again = [creditorCards(ports, person), creditorCards(ports, person)];
    expect(lookups.count).toBe(3);
    release({ credor: [] });
    expect(await Promise.all(again)).toHaveLength(2);
  });
});

describe('enterAccount', () => {
  it('answers who signed in with the first screen beside it', async () => {
    const { ports } = portsWith(async () => ({ credor: [] }));
    const person = await signedIn(ports);
    const view = toSessionView(person.data);
    expect(await enterAccount(ports, { view, person })).toEqual({
      ...view,
      primeiraTela: { credores: [], pendente: null, score: { score: 712 } },
    });
  });
});
