import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import { Modal } from './ui/modal';
import './instalment-details-modal.css';

/** One instalment as the details modal shows it: money in cents, the date ISO. */
export interface InstalmentDetails {
  /** the contract number as pages show it (masked when long) */
  contratoExibido: string;
  /** the instalment's number; null when the upstream did not give it */
  parcela: number | null;
  vencimento: string;
  valorPagarCents: number;
}

interface InstalmentDetailsModalProps {
  /** the instalment shown; null keeps the modal closed */
  details: InstalmentDetails | null;
  onClose: () => void;
}

/**
 * 'modalDetalhesParcela': Contrato, Parcela, Vencimento and Valor a pagar of one instalment, as a
 * description list; Escape, the backdrop and 'Fechar' close it, and focus goes back to the row's button.
 */
export function InstalmentDetailsModal({ details, onClose }: InstalmentDetailsModalProps) {
  if (!details) return null;
  const lines: [string, string][] = [
    ['Contrato', details.contratoExibido],
    ['Parcela', details.parcela === null ? 'Não informada' : String(details.parcela)],
    ['Vencimento', formatBrDate(details.vencimento)],
    ['Valor a pagar', formatMoney(details.valorPagarCents)],
  ];
  return (
    <Modal
      open
      name="modalDetalhesParcela"
      title="Detalhes da parcela"
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      <dl className="instalment-details">
        {lines.map(([term, value]) => (
          <div key={term} className="instalment-details-line">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
