import type { Proposal } from '@portal/contracts/upstream/entities';
import { memoryPorts } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import type { Ports } from '../ports/ports';
import { payableDate, payableProposals } from './payable';

// Thursday 26/11/2026: the payment dates on offer run from Friday 27/11 (28 and 29 are a weekend) to 11/12.
const TODAY = '2026-11-26';
const MAX = '11/12/2026';

const offer = (
  tipo: 'AV' | 'AP',
  vencimento: string,
  cents: { pago: string; total?: string },
  parcelas = 0,
): Proposal => ({
  id: `P-${tipo}${parcelas}-${vencimento.replaceAll('/', '')}`,
  tipo,
  valorPago: cents.pago,
  valorEntrada: tipo === 'AP' ? cents.pago : '0,00',
  quantidadeParcelas: parcelas,
  valorParcela: tipo === 'AP' ? '100,00' : '0,00',
  valorTotal: cents.total ?? cents.pago,
  valorCorrigido: '400,00',
  valorDesconto: '10,00',
  porcentagemDesconto: '10,00%',
  vencimento,
  dataMaxVencimento: MAX,
  parcelasFuturas: true,
  prestacoes: [{ numero: 4, numContrato: '5130927746', valorPago: '190,00', dataVencimento: '17/10/2026' }],
});

/** A consultaProposta that answers by the day asked (no day: `byDay['']`), and keeps the days it was asked. */
function proposalsProxy(byDay: Record<string, Proposal[]>) {
  const asked: (string | undefined)[] = [];
  const proxy = {
    call: async (method: string, body: { vencimento?: string }) => {
      if (method !== 'consultaProposta') throw new Error(`unexpected ${method}`);
      asked.push(body.vencimento);
      return { propostas: byDay[body.vencimento ?? ''] ?? [] };
    },
  } as never as Ports['proxy'];
  return { asked, ports: memoryPorts({ proxy }) };
}

const SCOPE = { cpfcnpj: '62741830940', token: 'tk', codcredor: '1003', contrato: '5130927746' };

describe('payableDate', () => {
  const dated = (vencimento: string) => ({ vencimento, dataMaxVencimento: '2026-12-11' });

  it("keeps an offer's own day when it is a payment date on offer", () => {
    expect(payableDate(TODAY, dated('2026-11-30'))).toBe('2026-11-30');
  });

  it('moves a weekend, a holiday, today or a past day to the first day on offer', () => {
    for (const day of ['2026-11-28', '2026-11-29', '2026-12-25', TODAY, '2026-11-24']) {
      expect(payableDate(TODAY, dated(day))).toBe('2026-11-27');
    }
  });

  it('moves it to the day asked for when that one is on offer', () => {
    expect(payableDate(TODAY, dated('2026-11-28'), '2026-12-01')).toBe('2026-12-01');
    expect(payableDate(TODAY, dated('2026-11-28'), '2026-12-05')).toBe('2026-11-27');
  });

  it('has no day when the offer cannot be paid after today', () => {
    expect(payableDate(TODAY, { vencimento: TODAY, dataMaxVencimento: TODAY })).toBeUndefined();
  });
});

describe('payableProposals', () => {
  it('asks once and keeps the proposals when every one is dated on a day on offer', async () => {
    const { asked, ports } = proposalsProxy({ '': [offer('AV', '27/11/2026', { pago: '293,01' })] });
    const proposals = await payableProposals(ports, SCOPE, TODAY);
    expect(asked).toEqual([undefined]);
    expect(proposals.map((p) => [p.id, p.vencimento, p.valorPagoCents])).toEqual([
      ['P-AV0-27112026', '2026-11-27', 29301],
    ]);
  });

  it('values AV and AP offers dated on a weekend again for the first day on offer, with their price that day', async () => {
    const { asked, ports } = proposalsProxy({
      '': [
        offer('AV', '28/11/2026', { pago: '293,11' }),
        offer('AP', '28/11/2026', { pago: '150,11', total: '450,11' }, 2),
      ],
      '27/11/2026': [
        offer('AV', '27/11/2026', { pago: '293,01' }),
        offer('AP', '27/11/2026', { pago: '150,01', total: '450,01' }, 2),
      ],
    });
    const proposals = await payableProposals(ports, SCOPE, TODAY);
    expect(asked).toEqual([undefined, '27/11/2026']);
    expect(proposals.map((p) => [p.id, p.tipo, p.vencimento, p.valorPagoCents, p.totalCents])).toEqual([
      ['P-AV0-27112026', 'AV', '2026-11-27', 29301, 29301],
      ['P-AP2-27112026', 'AP', '2026-11-27', 15001, 45001],
    ]);
  });

  it('values an offer again for the day asked for when the upstream answered for a day without banking', async () => {
    const replies = [
      [offer('AV', '29/11/2026', { pago: '293,11' })],
      [offer('AV', '01/12/2026', { pago: '293,21' })],
    ];
    const asked: (string | undefined)[] = [];
    const proxy = {
      call: async (_method: string, body: { vencimento?: string }) => {
        asked.push(body.vencimento);
        return { propostas: replies[asked.length - 1] ?? [] };
      },
    } as never as Ports['proxy'];
    const proposals = await payableProposals(
      memoryPorts({ proxy }),
      { ...SCOPE, vencimento: '01/12/2026' },
      TODAY,
      '2026-12-01',
    );
    expect(asked).toEqual(['01/12/2026', '01/12/2026']);
    expect(proposals.map((p) => [p.vencimento, p.valorPagoCents])).toEqual([['2026-12-01', 29321]]);
  });

  it('leaves out an offer the upstream does not value for its payable day, and one with no such day', async () => {
    const { asked, ports } = proposalsProxy({
      '': [
        offer('AV', '28/11/2026', { pago: '293,11' }),
        offer('AP', '28/11/2026', { pago: '150,11' }, 2),
        { ...offer('AP', '26/11/2026', { pago: '120,00' }, 3), dataMaxVencimento: '26/11/2026' },
      ],
      '27/11/2026': [offer('AV', '27/11/2026', { pago: '293,01' })],
    });
    const proposals = await payableProposals(ports, SCOPE, TODAY);
    expect(asked).toEqual([undefined, '27/11/2026']);
    expect(proposals.map((p) => p.id)).toEqual(['P-AV0-27112026']);
  });
});
