import { parseMoney } from '@portal/validation/money';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import type { SeedContract } from '../data/types';
import { proposalsOnWire, upfrontDiscountPercent } from './proposals';

const TODAY = '2026-11-20';
const PAY_ON = '2026-11-24';
const MAX = '2026-12-07';
const contractOf = (key: string, numero: string): SeedContract => {
  const contract = PERSONAS.find((p) => p.key === key)?.contracts.find((c) => c.numero === numero);
  if (!contract) throw new Error(`no contract ${numero}`);
  return contract;
};

describe('proposals', () => {
  it('offers an overdue-only set and a total set when the contract has both kinds of instalments', () => {
    const proposals = proposalsOnWire(contractOf('maria', '4587120093'), TODAY, PAY_ON, MAX);
    const overdueOnly = proposals.filter((p) => !p.parcelasFuturas);
    const total = proposals.filter((p) => p.parcelasFuturas);
    expect(overdueOnly[0]?.tipo).toBe('AV');
    expect(total[0]?.tipo).toBe('AV');
    expect(overdueOnly.every((p) => p.prestacoes.length === 4)).toBe(true);
    expect(total.every((p) => p.prestacoes.length === 7)).toBe(true);
    expect(proposals.some((p) => p.tipo === 'AP')).toBe(true);
    expect(new Set(proposals.map((p) => p.id)).size).toBe(proposals.length);
  });

  it('adds up to the cent: entry + n × instalment = total, and total + discount = updated value', () => {
    for (const persona of PERSONAS) {
      for (const contract of persona.contracts) {
        for (const p of proposalsOnWire(contract, TODAY, PAY_ON, MAX)) {
          const corrigido = parseMoney(p.valorCorrigido);
          const total = parseMoney(p.valorTotal);
          expect(total + parseMoney(p.valorDesconto)).toBe(corrigido);
          expect(corrigido).toBe(p.prestacoes.reduce((sum, i) => sum + parseMoney(i.valorPago), 0));
          if (p.tipo === 'AP') {
            expect(parseMoney(p.valorEntrada) + p.quantidadeParcelas * parseMoney(p.valorParcela)).toBe(
              total,
            );
            expect(parseMoney(p.valorParcela)).toBeGreaterThanOrEqual(5_000);
            expect(parseMoney(p.valorEntrada)).toBeGreaterThanOrEqual(parseMoney(p.valorParcela));
          } else {
            expect(p.valorPago).toBe(p.valorTotal);
          }
        }
      }
    }
  });

  it('answers a single upfront proposal for a small debt with nothing upcoming', () => {
    const proposals = proposalsOnWire(contractOf('maria', '30118845720'), TODAY, PAY_ON, MAX);
    expect(proposals.map((p) => [p.tipo, p.parcelasFuturas])).toEqual([['AV', true]]);
    expect(proposals[0]?.porcentagemDesconto).toBe('40,00%');
  });

  it('gives no discount, 0,00%, when nothing is overdue', () => {
    const upcomingOnly: SeedContract = {
      ...contractOf('maria', '4587120093'),
      instalments: [{ numero: 1, dueInDays: 10, valueCents: 80_000 }],
    };
    const [upfront] = proposalsOnWire(upcomingOnly, TODAY, PAY_ON, MAX);
    expect(upfront).toMatchObject({
      porcentagemDesconto: '0,00%',
      valorDesconto: '0,00',
      valorPago: '800,00',
    });
    expect(upfrontDiscountPercent(0)).toBe(0);
    expect(upfrontDiscountPercent(31)).toBe(25);
  });

  it('answers nothing when the contract does not take proposals', () => {
    expect(
      proposalsOnWire({ ...contractOf('maria', '883104'), permiteproposta: false }, TODAY, PAY_ON, MAX),
    ).toEqual([]);
  });
});
