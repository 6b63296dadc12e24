import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import { agreementOnWire, contractOnWire } from './contracts';

const contractsOf = (key: string) => PERSONAS.find((p) => p.key === key)?.contracts ?? [];
const NOW = new Date('2026-11-22T15:00:00Z');

describe('contracts on the wire', () => {
  it('lists a contract with its open instalments and its principal as upstream money, without thousands separators', () => {
    const [first] = contractsOf('maria');
    if (!first) throw new Error('Maria has no contract');
    expect(contractOnWire(first)).toEqual({
      codcredor: '1002',
      numcontrato: '4587120093',
      situacao: 'Contrato em atraso',
      quantidadeParcelas: 7,
      valorprincipal: '5279,00',
      permiteacordo: false,
      permiteproposta: true,
      permitedivida: true,
    });
  });

  it("answers Ana's agreement with PAGO, then one EM ABERTO, then FUTURA, dated from today", () => {
    const withAgreement = contractsOf('ana').find((c) => c.agreement);
    if (!withAgreement) throw new Error('Ana has no agreement');
    const reply = agreementOnWire(withAgreement, NOW);
    expect(reply?.parcelasAcordo.map((p) => p.status)).toEqual([
      'PAGO',
      'PAGO',
      'PAGO',
      'EM ABERTO',
      'FUTURA',
      'FUTURA',
    ]);
    expect(reply?.parcelasAcordo[3]).toEqual({
      id: '2025004417-4',
      numero: 4,
      status: 'EM ABERTO',
      dataVencimento: '02/12/2026',
      valorPago: '212,40',
    });
  });

  it('has no agreement to answer for a contract without one', () => {
    const [first] = contractsOf('maria');
    if (!first) throw new Error('Maria has no contract');
    expect(agreementOnWire(first, NOW)).toBeNull();
  });
});
