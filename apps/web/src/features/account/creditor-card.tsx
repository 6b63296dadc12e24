import { CreditorLogo } from '../../components/ui/creditor-logo';
import type { CreditorCard as CreditorCardData } from '../../lib/api/trpc';

interface CreditorCardProps {
  creditor: CreditorCardData;
  onShowMore: (creditor: CreditorCardData) => void;
}

/** One partner creditor: its logo (or its name when there is none) and 'Ver mais'. */
export function CreditorCard({ creditor, onShowMore }: CreditorCardProps) {
  return (
    <li className="creditor-card">
      <h2 className="creditor-card-name">
        <CreditorLogo logoUrl={creditor.logoUrl} nome={creditor.nome} className="creditor-card-logo" />
      </h2>
      {/* The name joins the visible text in one label: a visually hidden span reads as 'Ver mais : …'. */}
      <button
        type="button"
        className="btn btn-secondary btn-block"
        aria-label={`Ver mais: ${creditor.nome}`}
        onClick={() => onShowMore(creditor)}
      >
        Ver mais
      </button>
    </li>
  );
}
