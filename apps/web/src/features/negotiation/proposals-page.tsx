import { monthlyCostOf } from '@portal/validation/budget';
import { maskContract } from '@portal/validation/contract';
import { todayInBrazil } from '@portal/validation/dates';
import { formatMoney } from '@portal/validation/money';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { FitBadge, useFreeCents } from '../../components/budget/fit-badge';
import { StandingNotice } from '../../components/standing/contract-standing';
import { BackLink } from '../../components/ui/back-link';
import { CreditorLogo } from '../../components/ui/creditor-logo';
import { ErrorModal } from '../../components/ui/error-modal';
import { LookupWaitModal } from '../../components/ui/lookup-wait';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { type PaymentMethod, type ProposalView, trpc } from '../../lib/api/trpc';
import {
  type NegotiationLink,
  negotiationHref,
  readNegotiationLink,
  readPreferredMethod,
} from '../../lib/navigation/journey-links';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { hasUpcomingInstalments, splitOffers } from './offers';
import { PaymentDateSelect, usePaymentDates } from './payment-date-select';
import { PaymentMethodChoice } from './payment-method-choice';
import { PROPOSAL_WAIT_TEXT } from './proposal-wait';
import { useSaveSummary } from './use-save-summary';
import './negotiation.css';

/** /propostas: every offer of a contract for a chosen day and method. */
export function ProposalsPage() {
  usePageTitle('Propostas');
  const [query] = useSearchParams();
  const link = useMemo(() => readNegotiationLink(query), [query]);
  if (!link) return <Navigate to={paths.minhaConta} replace />;
  return (
    <Proposals
      key={`${link.codcredor}/${link.contrato}`}
      link={link}
      preferred={readPreferredMethod(query)}
    />
  );
}

function Proposals({ link, preferred }: { link: NegotiationLink; preferred: PaymentMethod | null }) {
  // undefined: the upstream's default day; a re-request for each day chosen.
  const [vencimento, setVencimento] = useState<string | undefined>(undefined);
  // The debts come along (unless the link says not to ask): they tell whether any instalment is upcoming.
  const offers = trpc.negotiation.offers.useQuery(
    {
      codcredor: link.codcredor,
      contrato: link.contrato,
      vencimento,
      propostas: true,
      dividas: link.chamarDivida,
    },
    // Leaving the page (the wait's way out) stops the browser's wait for the answer.
    {
      retry: false,
      refetchOnWindowFocus: false,
      placeholderData: keepPreviousData,
      trpc: { abortOnUnmount: true },
    },
  );
  // Asked with the offers, not after them: the marks are in by the time the (slower) offers are shown.
  const free = useFreeCents();
  const navigate = useNavigate();
  const leave = () => void navigate(paths.minhaConta);
  const data = offers.data;
  const sets = splitOffers(data?.proposals ?? []);
  // '*Somente parcelas em atraso.' only when there are upcoming instalments to leave out; without any,
  // overdue-only offers settle everything (shown as such when they are all the upstream sent).
  const upcoming = data ? hasUpcomingInstalments(data.debts, data.proposals, todayInBrazil()) : false;
  const totalOffers = upcoming || sets.total.length > 0 ? sets.total : sets.overdue;
  const dates = usePaymentDates(sets.base?.dataMaxVencimento);
  const payable = (data?.formasPagamento ?? []).filter((m) => m.pagamentoProposta).map((m) => m.tipo);
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const method = chosenMethod ?? (preferred && payable.includes(preferred) ? preferred : payable[0]) ?? null;
  const summary = useSaveSummary();

  const choose = (proposal: ProposalView) =>
    method &&
    summary.save({
      codcredor: link.codcredor,
      contrato: link.contrato,
      formaPagamento: method,
      selecao: { modo: '1', idProposta: proposal.id },
    });

  const back = `${negotiationHref(link)}${method ? `&formaDePagamento=${method}` : ''}`;
  const loadFailed = offers.isError && !isUnauthorized(offers.error);
  const offerBlock = (title: string, list: ProposalView[]) =>
    list.length > 0 ? (
      <section className="offer-set" aria-label={title}>
        <h3 className="offer-set-title">{title}</h3>
        <ul className="offer-list">
          {list.map((proposal) => (
            <li key={proposal.id}>
              <OfferButton
                proposal={proposal}
                free={free}
                disabled={!method || summary.isPending}
                onChoose={choose}
              />
            </li>
          ))}
        </ul>
      </section>
    ) : null;

  return (
    <div className="page negotiation proposals-page">
      <BackLink to={back} label="Voltar para a negociação" />
      <div className="contract-heading">
        <CreditorLogo logoUrl={data?.credor.logoUrl ?? link.logoUrl} nome={data?.credor.nome ?? 'Credor'} />
        <p>
          Contrato <strong>{maskContract(link.contrato)}</strong>
        </p>
      </div>
      <h1 className="page-title" tabIndex={-1}>
        Propostas
      </h1>
      {data ? <StandingNotice estado={data.estado} /> : null}

      {data ? (
        <div className="proposals-form">
          <PaymentDateSelect
            label="Data de pagamento: "
            placeholder="Selecione..."
            options={dates}
            value={vencimento ?? sets.base?.vencimento ?? ''}
            onChange={(iso) => {
              if (iso) setVencimento(iso);
            }}
            disabled={offers.isFetching}
          />
          {payable.length > 0 ? (
            <PaymentMethodChoice methods={payable} value={method} onChange={setMethod} />
          ) : (
            <p className="instalments-note">Este credor não aceita o pagamento de propostas pelo portal.</p>
          )}
          <h2 className="section-heading">Ofertas</h2>
          {upcoming ? offerBlock('*Somente parcelas em atraso.', sets.overdue) : null}
          {offerBlock(
            '*Proposta para quitação de todas as parcelas (parcelas em atraso + a vencer).',
            totalOffers,
          )}
          {sets.base ? null : (
            <div className="empty-state">
              <p>No momento não há propostas para este contrato.</p>
            </div>
          )}
        </div>
      ) : null}

      <LookupWaitModal
        open={offers.isPending}
        text="Buscando dados..."
        leaveLabel="Voltar para minha conta"
        onLeave={leave}
      />
      <LookupWaitModal
        open={!offers.isPending && offers.isFetching}
        text={PROPOSAL_WAIT_TEXT}
        leaveLabel="Voltar para minha conta"
        onLeave={leave}
      />
      <SpinnerModal open={summary.isPending} text={PROPOSAL_WAIT_TEXT} />
      <QueryErrorModal open={loadFailed} error={offers.error} onRetry={() => void offers.refetch()} />
      <ErrorModal
        open={summary.error !== null}
        message={errorMessage(summary.error)}
        onClose={summary.reset}
      />
    </div>
  );
}

/** An offer to choose; with a budget, whether it fits ends its name ('À vista R$ 1.234,56 Cabe'). */
function OfferButton({
  proposal,
  free,
  disabled,
  onChoose,
}: {
  proposal: ProposalView;
  free: number | null;
  disabled: boolean;
  onChoose: (proposal: ProposalView) => void;
}) {
  return (
    <button type="button" className="offer" disabled={disabled} onClick={() => onChoose(proposal)}>
      {proposal.tipo === 'AV' ? (
        <span className="offer-main">À vista {formatMoney(proposal.valorPagoCents)}</span>
      ) : (
        <>
          <span className="offer-main">
            Entrada: {formatMoney(proposal.entradaCents)} {proposal.quantidadeParcelas}x{' '}
            {formatMoney(proposal.parcelaCents)}
          </span>
          <span className="offer-total">Total: {formatMoney(proposal.totalCents)}</span>
        </>
      )}
      {free === null ? null : (
        <>
          {' '}
          <FitBadge cents={monthlyCostOf(proposal)} livreCents={free} />
        </>
      )}
    </button>
  );
}
