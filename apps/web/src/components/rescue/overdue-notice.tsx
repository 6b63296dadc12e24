import { type ReactNode, useId } from 'react';
import { AlertIcon } from '../ui/icons';
import { type Overdue, overdueLines } from './rescue-texts';
import './rescue.css';

/**
 * An instalment overdue: when it fell due, until when paying keeps the agreement and the business days
 * left; what the person can do goes below (on /acordos, 'Gerar pagamento'; on Minha conta, 'Ver acordo').
 */
export function OverdueNotice({
  atraso,
  title = 'Parcela em atraso',
  children,
}: {
  atraso: Overdue;
  /** the region's heading: on Minha conta each names its creditor */
  title?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  const [first, ...rest] = overdueLines(atraso);
  return (
    <section className="card rescue-notice" aria-labelledby={headingId}>
      <h2 id={headingId} className="rescue-notice-title">
        <AlertIcon />
        {title}
      </h2>
      <p className="rescue-notice-lead">{first}</p>
      {rest.map((line) => (
        <p key={line} className="rescue-notice-days">
          {line}
        </p>
      ))}
      {children ? <div className="rescue-notice-actions">{children}</div> : null}
    </section>
  );
}
