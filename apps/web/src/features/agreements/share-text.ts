import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import type { ConcludedAgreement } from '../../lib/api/trpc';

/** WhatsApp's own share link: it asks the user whom to send the text to (themselves or anyone). */
const WHATSAPP_SHARE_URL = 'https://wa.me/';

/**
 * What is shared: the payment code (linha digitável — with its PIX code on a hybrid boleto —, PIX Copia e Cola
 * or the card payment link), the
 * amount and the due date — nothing else about the person, the creditor or the contract.
 * Null when there is no code to share.
 */
export function paymentShareText(acordo: ConcludedAgreement): string | null {
  const card = acordo.formaPagamento === 'cartao';
  // a hybrid boleto has a QR code too, for its PIX code: it is still a boleto
  const pix = !card && acordo.boletos.some((b) => b.qrCode && !b.pixCopiaECola);
  const codes = acordo.boletos
    .map((b) => (card ? b.linkPagamento : b.linhaDigitavel))
    .filter((code): code is string => Boolean(code));
  if (codes.length === 0) return null;
  const several = codes.length > 1;
  const codeLabel = card ? 'Link de pagamento' : pix ? 'PIX Copia e Cola' : 'Linha digitável';
  return [
    card ? 'Pagamento com cartão de crédito' : pix ? 'Pagamento com PIX' : 'Boleto para pagamento',
    `${several ? 'Valor total' : 'Valor'}: ${formatMoney(acordo.valorCents)}`,
    `Vencimento: ${formatBrDate(acordo.vencimento)}`,
    ...codes.map((code, index) => `${several ? `${codeLabel} ${index + 1}` : codeLabel}: ${code}`),
    // a hybrid boleto can also be paid by PIX
    ...acordo.boletos.flatMap((b, index) =>
      !card && b.pixCopiaECola
        ? [`PIX Copia e Cola${several ? ` ${index + 1}` : ''}: ${b.pixCopiaECola}`]
        : [],
    ),
  ].join('\n');
}

/** The wa.me link that opens WhatsApp with the text ready to send; null when there is nothing to share. */
export function whatsappShareHref(acordo: ConcludedAgreement): string | null {
  const text = paymentShareText(acordo);
  return text === null ? null : `${WHATSAPP_SHARE_URL}?text=${encodeURIComponent(text)}`;
}
