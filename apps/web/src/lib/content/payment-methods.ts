import type { PaymentMethod } from '../api/trpc';

/** How a payment method reads on screen. */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  boleto: 'Boleto',
  cartao: 'Cartão de crédito',
  pix: 'PIX',
};
