import { monthlyCostOf } from '@portal/validation/budget';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import { formatMoney } from '@portal/validation/money';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { FitBadge, useFreeCents } from '../../components/budget/fit-badge';
import type { ProposalView } from '../../lib/api/trpc';
import { type NegotiationLink, proposalsHref } from '../../lib/navigation/journey-links';
import { hasPastDue, maxInstalments, upfrontOffer } from './offers';

interface ProposalsBlockProps {
  proposals: readonly ProposalView[];
  link: NegotiationLink;
  onNegotiate: (upfront: ProposalView) => void;
  /** the upfront offer's heading: focus goes there when the offers appear on the person's request */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * The proposals block: the upfront (AV) offer with 'Negociar', and — when there is more than one
 * proposal — the instalment block leading to /propostas.
 */
export function ProposalsBlock({ proposals, link, onNegotiate, headingRef }: ProposalsBlockProps) {
  const free = useFreeCents();
  const upfront = upfrontOffer(proposals);
  if (!upfront) return null;
  const late = hasPastDue(upfront, todayInBrazil());
  const instalments = maxInstalments(proposals);
  return (
    <section className="proposal-block" aria-label="Propostas">
      <article className="proposal-card" aria-labelledby="proposta-avista">
        <p className={late ? 'proposal-tag proposal-tag--late' : 'proposal-tag'}>
          {late ? 'Parcelas em atraso' : 'Contrato'}
        </p>
        <h2 id="proposta-avista" className="proposal-title" ref={headingRef} tabIndex={-1}>
          À vista
        </h2>
        {upfront.descontoPercentual ? (
          <p className="proposal-was">
            De <s>{formatMoney(upfront.corrigidoCents)}</s>{' '}
            <span className="proposal-discount">{upfront.descontoPercentual} de desconto</span>
          </p>
        ) : null}
        {/* With a budget, whether the offer fits is said right after its price ('Por R$ … Cabe'). */}
        <p className="proposal-price">
          Por <strong>{formatMoney(upfront.valorPagoCents)}</strong>
          {free === null ? null : (
            <>
              {' '}
              <FitBadge cents={monthlyCostOf(upfront)} livreCents={free} />
            </>
          )}
        </p>
        <p className="proposal-due">Vencimento em {formatBrDate(upfront.vencimento)}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => onNegotiate(upfront)}>
          Negociar
        </button>
      </article>
      {proposals.length > 1 ? (
        <article className="proposal-card proposal-card--plans" aria-labelledby="proposta-parcelada">
          {instalments === 1 ? (
            <h2 id="proposta-parcelada" className="proposal-title">
              Veja o que temos para você!
            </h2>
          ) : (
            <h2 id="proposta-parcelada" className="proposal-title">
              Parcele em até: <span className="proposal-times">{instalments} vezes</span>
            </h2>
          )}
          <Link to={proposalsHref(link)} className="btn btn-secondary btn-block">
            Ver propostas
          </Link>
        </article>
      ) : null}
    </section>
  );
}
