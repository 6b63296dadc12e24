import { maskContract } from '@portal/validation/contract';
import { formatMoney } from '@portal/validation/money';
import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { StandingNotice } from '../../components/standing/contract-standing';
import { BackLink } from '../../components/ui/back-link';
import { CreditorLogo } from '../../components/ui/creditor-logo';
import { ErrorModal } from '../../components/ui/error-modal';
import { LookupWaitModal } from '../../components/ui/lookup-wait';
import { fetchedNow, OnDemand } from '../../components/ui/on-demand';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { isUnauthorized } from '../../lib/api/errors';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { greetingName, useSignedInSession } from '../../lib/api/session';
import { type PaymentMethod, type ProposalView, trpc } from '../../lib/api/trpc';
import {
  agreementsHref,
  askedForOffers,
  type NegotiationLink,
  readNegotiationLink,
  readPreferredMethod,
} from '../../lib/navigation/journey-links';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import {
  type DebtGroup,
  overdueSelection,
  type Selection,
  selectedDebts,
  selectionTotal,
  sortDebts,
  toggleDebt,
  toggleGroup,
} from './instalment-selection';
import { InstalmentsBlock } from './instalments-block';
import { ProposalsBlock } from './proposals-block';
import './negotiation.css';

// The modals not on the first screen: their code is fetched when they first open.
// 'Negociar' opens one of these: their code comes with the page's, not on the tap.
const negotiationModals = fetchedNow(() => import('./negotiation-modals'));
const paymentModal = fetchedNow(() => import('./payment-modal'));
const FutureInstalmentsModal = lazy(() =>
  negotiationModals().then((m) => ({ default: m.FutureInstalmentsModal })),
);
const ConfirmOnlyOverdueModal = lazy(() =>
  negotiationModals().then((m) => ({ default: m.ConfirmOnlyOverdueModal })),
);
const OneBoletoEachModal = lazy(() => negotiationModals().then((m) => ({ default: m.OneBoletoEachModal })));
const PaymentModal = lazy(() => paymentModal().then((m) => ({ default: m.PaymentModal })));
const InstalmentDatesModal = lazy(() =>
  import('./instalment-dates-modal').then((m) => ({ default: m.InstalmentDatesModal })),
);

/** /negociacao: opened from the contract-details modal with the contract in the query. */
export function NegotiationPage() {
  usePageTitle('Negociação');
  const [query] = useSearchParams();
  const link = useMemo(() => readNegotiationLink(query), [query]);
  if (!link) return <Navigate to={paths.minhaConta} replace />;
  return (
    <Negotiation
      key={`${link.codcredor}/${link.contrato}`}
      link={link}
      preferred={readPreferredMethod(query)}
    />
  );
}

/** Which modal of the journey is open. */
type Step = 'future' | 'payment' | 'confirm' | 'warning' | 'dates' | null;

function Negotiation({ link, preferred }: { link: NegotiationLink; preferred: PaymentMethod | null }) {
  const session = useSignedInSession();
  const offers = trpc.negotiation.offers.useQuery(
    {
      codcredor: link.codcredor,
      contrato: link.contrato,
      propostas: link.chamarProposta,
      dividas: link.chamarDivida,
    },
    // Leaving the page (the wait's way out) stops the browser's wait for the answer.
    {
      retry: false,
      refetchOnWindowFocus: false,
      // handed over by the tap on the creditor card when it came with the contract
      staleTime: HANDED_OVER_FRESH_MS,
      trpc: { abortOnUnmount: true },
    },
  );
  const navigate = useNavigate();
  const location = useLocation();
  const data = offers.data;
  const debts = useMemo(() => sortDebts(data?.debts ?? []), [data]);
  const sequential = data?.sequencial ?? link.sequencial;
  const methods = data?.formasPagamento ?? [];

  const [selected, setSelected] = useState<Selection>(new Set<string>());
  const [expanded, setExpanded] = useState<Record<DebtGroup, boolean>>({ atraso: true, aVencer: false });
  // After 'Sim' to the upcoming instalments, continuing with none of them asks again.
  const [askForUpcoming, setAskForUpcoming] = useState(false);
  const [step, setStep] = useState<Step>(null);
  const [upfront, setUpfront] = useState<ProposalView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [focus, setFocus] = useState<'offers' | 'block' | 'upcoming' | null>(null);
  const [asked, setAsked] = useState(() => askedForOffers(location.state));
  const blockRef = useRef<HTMLHeadingElement>(null);
  const upcomingRef = useRef<HTMLButtonElement>(null);
  const offersRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focus) return;
    // the offers asked for: the first one shown (the button that asked is gone)
    const target =
      focus === 'offers'
        ? (offersRef.current ?? blockRef.current)
        : focus === 'block'
          ? blockRef.current
          : upcomingRef.current;
    target?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
    setFocus(null);
  }, [focus]);

  const upcoming = debts.filter((d) => d.futura);
  const chosen = selectedDebts(debts, selected);

  const negotiate = (proposal: ProposalView) => {
    setUpfront(proposal);
    setStep(link.chamarDivida && upcoming.length > 0 ? 'future' : 'payment');
  };
  const includeUpcoming = () => {
    setSelected(overdueSelection(debts));
    setExpanded({ atraso: true, aVencer: true });
    setAskForUpcoming(true);
    setStep(null);
    setFocus('block');
  };
  const afterConfirm = () => setStep(chosen.length > 1 ? 'warning' : 'dates');
  const proceed = () => {
    if (askForUpcoming && upcoming.length > 0 && !chosen.some((d) => d.futura)) setStep('confirm');
    else afterConfirm();
  };

  const loadFailed = offers.isError && !isUnauthorized(offers.error);
  // a prescribed debt's offers show once the person asks for them (here, or on the page that led here)
  const hidden = data?.estado.tipo === 'prescrita' && !asked;
  const empty =
    data !== undefined && data.estado.tipo === 'aberta' && data.proposals.length === 0 && debts.length === 0;
  const payable = methods.filter((m) => m.pagamentoProposta).map((m) => m.tipo);

  return (
    <div className={chosen.length > 0 ? 'page negotiation has-total-bar' : 'page negotiation'}>
      <BackLink to={paths.minhaConta} label="Minha conta" />
      <h1 className="page-title" tabIndex={-1}>
        Olá, {greetingName(session)}
      </h1>
      <div className="contract-heading">
        <CreditorLogo logoUrl={data?.credor.logoUrl ?? link.logoUrl} nome={data?.credor.nome ?? 'Credor'} />
        <p>
          Contrato <strong>{maskContract(link.contrato)}</strong>
        </p>
      </div>

      {data ? <StandingNotice estado={data.estado} /> : null}
      {data?.estado.tipo === 'em-acordo' && !data.estado.processando ? (
        <Link
          className="btn btn-secondary"
          to={agreementsHref({ codcredor: link.codcredor, contrato: link.contrato, logoUrl: link.logoUrl })}
        >
          Ver acordo
        </Link>
      ) : null}
      {hidden ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setAsked(true);
            setFocus('offers');
          }}
        >
          Ver ofertas mesmo assim
        </button>
      ) : null}
      {data && data.proposals.length > 0 && !hidden ? (
        <ProposalsBlock
          proposals={data.proposals}
          link={link}
          onNegotiate={negotiate}
          headingRef={offersRef}
        />
      ) : null}
      {debts.length > 0 && !hidden ? (
        <InstalmentsBlock
          debts={debts}
          selected={selected}
          sequential={sequential}
          expanded={expanded}
          onToggle={(id) => setSelected((s) => toggleDebt(debts, s, id, sequential))}
          onToggleGroup={(group) => setSelected((s) => toggleGroup(debts, s, group, sequential))}
          onExpand={(group, open) => setExpanded((e) => ({ ...e, [group]: open }))}
          headingRef={blockRef}
          upcomingRef={upcomingRef}
        />
      ) : null}
      {empty ? (
        <div className="empty-state">
          <p>No momento não há propostas para este contrato.</p>
        </div>
      ) : null}

      {chosen.length > 0 ? (
        <div className="total-bar">
          <p className="total-bar-sum" aria-live="polite">
            Total <strong>{formatMoney(selectionTotal(debts, selected))}</strong>
          </p>
          <button type="button" className="btn btn-primary" onClick={proceed}>
            Continuar
          </button>
        </div>
      ) : null}

      <LookupWaitModal
        open={offers.isPending}
        text="Buscando dados..."
        leaveLabel="Voltar para minha conta"
        onLeave={() => void navigate(paths.minhaConta)}
      />
      <QueryErrorModal open={loadFailed} error={offers.error} onRetry={() => void offers.refetch()} />
      <OnDemand when={step === 'future'}>
        <FutureInstalmentsModal
          count={step === 'future' ? upcoming.length : 0}
          onYes={includeUpcoming}
          onNo={() => setStep('payment')}
          onClose={() => setStep(null)}
        />
      </OnDemand>
      <OnDemand when={step === 'payment'}>
        <PaymentModal
          proposal={step === 'payment' ? upfront : null}
          link={link}
          methods={payable}
          preferred={preferred}
          onClose={() => setStep(null)}
          onFailure={(message) => {
            setStep(null);
            setFailure(message);
          }}
        />
      </OnDemand>
      <OnDemand when={step === 'confirm'}>
        <ConfirmOnlyOverdueModal
          open={step === 'confirm'}
          onYes={() => {
            setExpanded((e) => ({ ...e, aVencer: true }));
            setStep(null);
            setFocus('upcoming');
          }}
          onNo={afterConfirm}
          onClose={() => setStep(null)}
        />
      </OnDemand>
      <OnDemand when={step === 'warning'}>
        <OneBoletoEachModal
          open={step === 'warning'}
          onOk={() => setStep('dates')}
          onCancel={() => setStep(null)}
        />
      </OnDemand>
      <OnDemand when={step === 'dates'}>
        <InstalmentDatesModal
          debts={step === 'dates' ? chosen : []}
          link={link}
          methods={methods.map((m) => m.tipo)}
          onClose={() => setStep(null)}
        />
      </OnDemand>
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </div>
  );
}
