import type { RouterOutputs } from '../../lib/api/trpc';
import './contract-standing.css';

/** A contract's standing, as the BFF decides it for every view of the contract. */
type ContractStanding = RouterOutputs['negotiation']['offers']['estado'];

/** The label of a standing, the same words on every page; null for an open contract. */
function standingLabel(estado: ContractStanding): string | null {
  switch (estado.tipo) {
    case 'prescrita':
      return 'Dívida prescrita';
    case 'em-disputa':
      return 'Em contestação';
    case 'em-acordo':
      return estado.processando ? 'Acordo sendo feito' : 'Em acordo';
    case 'aberta':
      return null;
  }
}

/** What the standing means for the person, in the same careful words on every page; null when open. */
export function standingText(estado: ContractStanding): string | null {
  switch (estado.tipo) {
    case 'prescrita':
      return 'Esta dívida tem mais de 5 anos. Ela não pode mais ser cobrada, nem na Justiça nem fora dela (entendimento do STJ). Pagar é uma escolha sua.';
    case 'em-disputa':
      return 'Este contrato está em contestação com o credor. Enquanto isso, não oferecemos acordo para ele.';
    case 'em-acordo':
      return estado.processando
        ? 'Um acordo para este contrato está sendo feito. Aguarde a confirmação antes de fazer outro.'
        : 'Este contrato já tem um acordo em andamento.';
    case 'aberta':
      return null;
  }
}

const MODIFIER: Record<ContractStanding['tipo'], string> = {
  prescrita: 'prescribed',
  'em-disputa': 'disputed',
  'em-acordo': 'agreement',
  aberta: '',
};

/** The standing's label as a tag; nothing for an open contract. */
export function StandingLabel({ estado }: { estado: ContractStanding }) {
  const label = standingLabel(estado);
  return label ? (
    <span className={`standing-label standing-label--${MODIFIER[estado.tipo]}`}>{label}</span>
  ) : null;
}

/** The standing's label and what it means, as a note beside the contract; nothing for an open contract. */
export function StandingNotice({ estado }: { estado: ContractStanding }) {
  const text = standingText(estado);
  if (!text) return null;
  return (
    <p className="standing-notice">
      <StandingLabel estado={estado} /> {text}
    </p>
  );
}
