import type { AgreementQueryResult, Creditor } from '@portal/contracts/upstream/entities';
import { describe, expect, it } from 'vitest';
import { negativeRecordLift } from './negative-record';

const creditor: Creditor = {
  logomarca: 'x',
  nomcontratante: 'Lojas Horizonte',
  agrupador: '1001',
  url: '',
  pagamento: [],
  parcelasIndividuaisSequenciais: false,
};
const agreement = (paid: (string | null)[], negativado?: boolean): AgreementQueryResult => ({
  codigoAcordo: 'AC-9',
  formaPagamento: 'boleto',
  parcelasAcordo: paid.map((day, index) => ({
    id: `AC-9-${index + 1}`,
    numero: index + 1,
    status: day ? 'PAGO' : 'EM ABERTO',
    dataVencimento: '01/12/2026',
    valorPago: '210,00',
    ...(day ? { dataPagamento: day } : {}),
  })),
  ...(negativado === undefined ? {} : { negativado }),
});

describe('the deadline to lift the negative record (STJ Súmula 548)', () => {
  it('is five business days after the first payment’s confirmation, with the days left', () => {
    // confirmed Friday 27/11/2026: 30/11, 01, 02, 03 and 04/12
    expect(negativeRecordLift(creditor, '123', agreement(['27/11/2026', null], true), '2026-11-30')).toEqual({
      confirmadoEm: '2026-11-27',
      prazo: '2026-12-04',
      diasUteisRestantes: 4,
      situacao: 'no-prazo',
      reclamacao: null,
    });
  });

  it('has none for a cancelled agreement, whatever was paid on it and however the record stands', () => {
    const cancelled = { ...agreement(['02/11/2026', null], true), situacao: 'CANCELADO' as const };
    expect(negativeRecordLift(creditor, '123', cancelled, '2026-11-30')).toBeNull();
    // the same payments on a live agreement: past the deadline and still reported
    expect(
      negativeRecordLift(creditor, '123', agreement(['02/11/2026', null], true), '2026-11-30')?.situacao,
    ).toBe('atrasada');
  });

  it('has no deadline before that payment is confirmed', () => {
    expect(negativeRecordLift(creditor, '123', agreement([null, null], true), '2026-11-30')).toBeNull();
  });

  it('is past and still reported: says so, with the agreement’s data for a complaint', () => {
    const lift = negativeRecordLift(
      creditor,
      '7201938455',
      agreement(['02/11/2026', null], true),
      '2026-11-24',
    );
    expect(lift).toMatchObject({ prazo: '2026-11-09', diasUteisRestantes: 0, situacao: 'atrasada' });
    expect(lift?.reclamacao).toBe(
      [
        'Empresa: Lojas Horizonte',
        'Contrato: 7201938455',
        'Acordo: AC-9',
        'Pagamento confirmado em: 02/11/2026',
        'Prazo para retirar a negativação (STJ, Súmula 548: 5 dias úteis): 09/11/2026',
        'Situação: meu nome continua negativado depois do prazo.',
      ].join('\n'),
    );
  });

  it('is lifted when the upstream says so, and only past, without a word, when it says nothing', () => {
    expect(negativeRecordLift(creditor, '1', agreement(['02/11/2026'], false), '2026-11-24')?.situacao).toBe(
      'baixada',
    );
    expect(negativeRecordLift(creditor, '1', agreement(['02/11/2026']), '2026-11-24')?.situacao).toBe(
      'encerrada',
    );
  });

  it('counts from the last payment for a creditor whose rule is quitação', () => {
    const quitacao: Creditor = { ...creditor, baixaNegativacao: 'quitacao' };
    expect(negativeRecordLift(quitacao, '1', agreement(['02/11/2026', null], true), '2026-11-24')).toBeNull();
    expect(
      negativeRecordLift(quitacao, '1', agreement(['02/11/2026', '20/11/2026'], true), '2026-11-24')
        ?.confirmadoEm,
    ).toBe('2026-11-20');
  });
});
