import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorModal } from '../../components/ui/error-modal';
import { FileTextIcon, MoreIcon } from '../../components/ui/icons';
import { LookupWaitModal } from '../../components/ui/lookup-wait';
import { fetchedNow, OnDemand } from '../../components/ui/on-demand';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { greetingName, useSignedInSession } from '../../lib/api/session';
import { type CreditorCard as CreditorCardData, trpc } from '../../lib/api/trpc';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { useTrack } from '../../lib/tracking/tracking';
import { CreditorCard } from './creditor-card';
import { PendingAgreementNotice } from './pending-agreement-notice';
import { RegistrationInfoModal } from './registration-info-modal';
import { SavedNotice } from './saved-notice';
import { ScoreCard } from './score-card';
import './account.css';

// A card's tap opens the contract details: their code comes with the page's, not on the tap.
const contractDetails = fetchedNow(() => import('./contract-details-modal'));
const ContractDetailsModal = lazy(() => contractDetails().then((m) => ({ default: m.ContractDetailsModal })));
// The warnings of agreements overdue or cancelled, and 'Estou com dificuldade para pagar': after the first
// screen, their code as well as their data.
const AttentionNotices = lazy(() =>
  import('./attention-notices').then((m) => ({ default: m.AttentionNotices })),
);

/** The way to every debt on one page, with the budget beside them. */
function AllDebtsShortcut() {
  return (
    <section className="account-shortcuts" aria-labelledby="conta-dividas-titulo">
      <h2 id="conta-dividas-titulo" className="account-shortcuts-title">
        Suas dívidas
      </h2>
      <Link to={paths.todasAsDividas} className="option-tile option-tile--row">
        <span className="option-tile-icon">
          <FileTextIcon />
        </span>
        <span className="option-tile-title">Ver todas as minhas dívidas</span>
        <span className="option-tile-text">
          Todos os contratos, os totais e se as ofertas cabem no seu orçamento.
        </span>
      </Link>
    </section>
  );
}

/** The way from the account to the profile, password, notifications and texts (the header has it too). */
function MoreOptionsShortcut() {
  return (
    <section className="account-shortcuts" aria-labelledby="conta-atalhos-titulo">
      <h2 id="conta-atalhos-titulo" className="account-shortcuts-title">
        Sua conta
      </h2>
      <Link to={paths.maisOpcoes} className="option-tile option-tile--row">
        <span className="option-tile-icon">
          <MoreIcon />
        </span>
        <span className="option-tile-title">Mais opções</span>
        <span className="option-tile-text">
          Editar perfil, alterar senha, notificações, FAQ, sobre o portal e aviso de privacidade.
        </span>
      </Link>
    </section>
  );
}

export function AccountPage() {
  usePageTitle('Minha conta');
  const session = useSignedInSession();
  // handed over by the sign-in when it came with the answer; 'Cancelar consulta' (and leaving the page)
  // stops the browser's wait for it
  const creditors = trpc.debts.creditors.useQuery(undefined, {
    staleTime: HANDED_OVER_FRESH_MS,
    trpc: { abortOnUnmount: true },
  });
  const utils = trpc.useUtils();
  const [errorDismissed, setErrorDismissed] = useState(false);
  // the person stopped a lookup the upstream was taking minutes to answer
  const [gaveUp, setGaveUp] = useState(false);
  const [selected, setSelected] = useState<CreditorCardData | null>(null);
  const track = useTrack();
  const showMore = (creditor: CreditorCardData) => {
    setSelected(creditor);
    track('detalhes-contrato', creditor.codcredor);
  };
  // Where focus goes once the debts have loaded: the page's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const retry = () => {
    setErrorDismissed(false);
    setGaveUp(false);
    void creditors.refetch();
  };

  const loading = creditors.isPending || (creditors.isError && creditors.isFetching);
  // An ended session is not an error to show: the guard is already taking the user to the start page.
  const failed = creditors.isError && !creditors.isFetching && !isUnauthorized(creditors.error);
  const list = creditors.data;

  const empty = list !== undefined && list.length === 0;
  const greeting = greetingName(session);

  return (
    <div className="page">
      <h1 ref={headingRef} className="page-title" tabIndex={-1}>
        Olá, {greeting}
        {empty && !greeting.endsWith('.') ? '.' : ''}
      </h1>
      <SavedNotice>
        <PendingAgreementNotice />
      </SavedNotice>
      {empty ? (
        <div className="empty-state">
          <p>No momento não encontramos contratos em nossa base de parceiros.</p>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <>
          <p id="credores-titulo" className="page-lead">
            {list.length === 1
              ? 'Encontramos contratos com este parceiro:'
              : 'Encontramos contratos com estes parceiros:'}
          </p>
          <ul className="creditor-grid" aria-labelledby="credores-titulo">
            {list.map((creditor) => (
              <CreditorCard key={creditor.codcredor} creditor={creditor} onShowMore={showMore} />
            ))}
          </ul>
        </>
      ) : null}
      {/* Below the contracts, so shown with them: revealed, they push nothing already on screen. */}
      <div hidden={loading && !gaveUp}>
        {loading && !gaveUp ? null : (
          <Suspense fallback={null}>
            <AttentionNotices />
          </Suspense>
        )}
        <ScoreCard />
      </div>
      {gaveUp || (failed && errorDismissed) ? (
        <div className="empty-state">
          <p>Não foi possível buscar as suas dívidas agora.</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            Tentar novamente
          </button>
        </div>
      ) : null}
      <div hidden={loading && !gaveUp}>
        <AllDebtsShortcut />
        <MoreOptionsShortcut />
      </div>

      <LookupWaitModal
        open={loading && !gaveUp}
        text="Buscando dívidas..."
        slowText="Ainda consultando os credores. Isso pode levar alguns minutos."
        leaveLabel="Cancelar consulta"
        onLeave={() => {
          void utils.debts.creditors.cancel();
          setGaveUp(true);
        }}
        returnFocusRef={headingRef}
      />
      <ErrorModal
        open={failed && !errorDismissed}
        message={errorMessage(creditors.error)}
        onRetry={retry}
        onClose={() => setErrorDismissed(true)}
      />
      <OnDemand when={selected !== null}>
        <ContractDetailsModal creditor={selected} onClose={() => setSelected(null)} />
      </OnDemand>
      {/* After a registration (?first=true): where the temporary password went, once the debts' wait is over. */}
      <RegistrationInfoModal held={(loading && !gaveUp) || (failed && !errorDismissed)} />
    </div>
  );
}
