import type { PaymentType } from '@portal/contracts/upstream/entities';
import { describe, expect, it } from 'vitest';
import { sameDayMethods } from './same-day';

const way = (tipoPagamento: PaymentType['tipoPagamento'], pagamentoProposta = true): PaymentType => ({
  tipoPagamento,
  idTipoPagamento: 1,
  pagamentoInterno: tipoPagamento !== 'cartao',
  pagamentoProposta,
});

describe('the ways a same-day review may pay', () => {
  it("takes a creditor's boleto and PIX for proposals, never its card nor a way it keeps from proposals", () => {
    expect(sameDayMethods({ pagamento: [way('boleto'), way('cartao'), way('pix')] })).toEqual([
      'boleto',
      'pix',
    ]);
    expect(sameDayMethods({ pagamento: [way('boleto', false), way('pix')] })).toEqual(['pix']);
    // none: its contracts are not asked for offers, and say why
    expect(sameDayMethods({ pagamento: [way('cartao')] })).toEqual([]);
  });
});
