import { describe, expect, it } from 'vitest';
import { boleto, concluded, LINHA, PIX_CODE, pixAgreement, QR } from '../../../test/fixtures/agreements';
import { paymentShareText } from './share-text';

describe('the text shared by WhatsApp', () => {
  it('gives a boleto’s line, amount and due date', () => {
    expect(paymentShareText(concluded())).toBe(
      `Boleto para pagamento\nValor: R$\u00a0541,91\nVencimento: 15/12/2026\nLinha digitável: ${LINHA}`,
    );
  });

  it('gives a PIX payment’s code as PIX Copia e Cola', () => {
    expect(paymentShareText(pixAgreement())).toContain(`Pagamento com PIX\n`);
    expect(paymentShareText(pixAgreement())).toContain(`PIX Copia e Cola: ${PIX_CODE}`);
  });

  it('gives a hybrid boleto’s line as its line, and its PIX code beside it', () => {
    const hybrid = concluded({ boletos: [boleto({ qrCode: QR, pixCopiaECola: PIX_CODE })] });
    expect(paymentShareText(hybrid)).toBe(
      `Boleto para pagamento\nValor: R$\u00a0541,91\nVencimento: 15/12/2026\nLinha digitável: ${LINHA}\nPIX Copia e Cola: ${PIX_CODE}`,
    );
  });
});
