import type { CreditorCard as CreditorCardData } from '../../lib/trpc';

export interface CreditorCardProps {
  creditor: CreditorCardData;
  onShowMore: (creditor: CreditorCardData) => void;
}

/** One partner creditor: its logo (or its name when there is none) and 'Ver mais'. */
export function CreditorCard({ creditor, onShowMore }: CreditorCardProps) {
  return (
    <li className="creditor-card">
      <h2 className="creditor-card-name">
        {creditor.logoUrl ? (
          <img
            className="creditor-card-logo"
            src={creditor.logoUrl}
            alt={creditor.nome}
            width="160"
            height="64"
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="creditor-card-text">{creditor.nome}</span>
        )}
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
