import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';

interface BackLinkProps {
  to: string;
  /** what the arrow says; 'Voltar' unless the destination reads better */
  label?: string;
}

/** A page's own back arrow (the journey pages: back to Minha conta, to the negotiation, …). */
export function BackLink({ to, label = 'Voltar' }: BackLinkProps) {
  return (
    <Link to={to} className="btn-back page-back">
      <ArrowLeftIcon />
      <span>{label}</span>
    </Link>
  );
}
