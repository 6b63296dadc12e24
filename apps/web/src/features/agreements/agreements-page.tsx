import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ReminderActions } from '../../components/reminders/reminder-actions';
import type { RescueState } from '../../components/rescue/use-rescue-modals';
import { BackLink } from '../../components/ui/back-link';
import { CreditorLogo } from '../../components/ui/creditor-logo';
import { ErrorModal } from '../../components/ui/error-modal';
import { CheckIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { fetchedNow, OnDemand } from '../../components/ui/on-demand';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { type AgreementInProgress, trpc } from '../../lib/api/trpc';
import { type ContractLink, readContractLink } from '../../lib/navigation/journey-links';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { NegativeRecordBox } from './negative-record-box';
import { ReminderTarget } from './reminder-target';
import { SettlementDeclaration } from './settlement-declaration';
import './agreements.css';

// The modals not on the first screen: their code is fetched when they first open.
const InstalmentDetailsModal = lazy(() =>
  import('../../components/instalment-details-modal').then((m) => ({ default: m.InstalmentDetailsModal })),
);
// The notices and actions that keep the agreement alive (overdue, cancelled, a new schedule, hardship):
// fetched with the page, not part of its first load; until they come the instalments show alone.
const agreementRescue = fetchedNow(() => import('./agreement-rescue'));
const RescueNotices = lazy(() => agreementRescue().then((m) => ({ default: m.RescueNotices })));
const RescueActions = lazy(() => agreementRescue().then((m) => ({ default: m.RescueActions })));

const TITLE = 'Acordos em andamento';
export const FUTURE_HINT = 'Disponível após o pagamento da parcela anterior.';
/** The upstream issued nothing and refused nothing: the agreement ended there (paid off, or closed). */
export const NOTHING_TO_ISSUE = 'Não há parcelas a emitir neste acordo';

type Instalment = AgreementInProgress['parcelas'][number];

/** /acordos: the instalments of the agreement in progress on a contract; without a contract, back home. */
export function AgreementsPage() {
  usePageTitle(TITLE);
  const [query] = useSearchParams();
  // chamarAcordo is always 'true' in our links: the page has nothing to show without the agreement.
  const link = useMemo(() => readContractLink(query), [query]);
  if (!link) {
    // a reminder's notification names only the reminder
    const lembrete = query.get('lembrete');
    return lembrete ? <ReminderTarget lembrete={lembrete} /> : <Navigate to={paths.minhaConta} replace />;
  }
  return <AgreementsInProgress key={`${link.codcredor}/${link.contrato}`} link={link} />;
}

function AgreementsInProgress({ link }: { link: ContractLink }) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // handed over by the tap on the creditor card when it came with the contract
  const agreement = trpc.agreements.inProgress.useQuery(
    { codcredor: link.codcredor, contrato: link.contrato },
    { staleTime: HANDED_OVER_FRESH_MS },
  );
  // Nothing left to issue ('sem-boletos': the BFF forgot the agreement): said here, with the way on.
  const [nothingToIssue, setNothingToIssue] = useState(false);
  const utils = trpc.useUtils();
  const reissue = trpc.agreements.reissue.useMutation({
    onSuccess: (result) => {
      if (result.status === 'concluido') {
        // the re-issue's page shows it at once
        utils.agreements.concluded.setData(undefined, result.acordo);
        void navigate(paths.reemissaoConcluida);
      } else setNothingToIssue(true);
    },
  });
  const [shown, setShown] = useState<Instalment | null>(null);
  // the rescue modal open (moving an instalment, a new day, hardship) and the success of a change
  const [rescue, setRescue] = useState<RescueState>({ shown: null, done: null });

  const data = agreement.data;
  usePageTitle(data?.cancelado ? 'Acordo cancelado' : TITLE);
  const loading = agreement.isPending || (agreement.isError && agreement.isFetching);
  // An ended session is not an error to show: the guard is already taking the user to the start page.
  const loadFailed = agreement.isError && !agreement.isFetching && !isUnauthorized(agreement.error);
  const reissueFailed = reissue.isError && !isUnauthorized(reissue.error);

  // 'Fechar': the page shows the agreement again as the creditor has it now.
  const closeNothingToIssue = () => {
    setNothingToIssue(false);
    void agreement.refetch();
  };

  const generate = (instalment: Instalment) =>
    reissue.mutate({ codcredor: link.codcredor, contrato: link.contrato, parcela: instalment.id });

  return (
    <div className="page agreement-page">
      <BackLink to={paths.minhaConta} label="Minha conta" />
      {data ? (
        <div className="agreement-logo">
          <CreditorLogo logoUrl={data.credor.logoUrl ?? link.logoUrl} nome={data.credor.nome} />
        </div>
      ) : null}
      <h1 ref={headingRef} className="page-title" tabIndex={-1}>
        {TITLE}
      </h1>
      {data ? (
        <>
          <p className="page-lead agreement-contract-number">Contrato {data.contratoExibido}</p>
          {data.baixa ? <NegativeRecordBox baixa={data.baixa} credor={data.credor.nome} /> : null}
          {data.quitado ? (
            <SettlementDeclaration codcredor={link.codcredor} contrato={link.contrato} />
          ) : null}
          <Suspense fallback={null}>
            <RescueNotices
              data={data}
              link={link}
              rescue={rescue}
              onRescue={setRescue}
              busy={reissue.isPending}
              onGenerate={generate}
            />
          </Suspense>
          {/* what keeps the agreement alive before its instalments: on a phone, a long list would hide it */}
          <Suspense fallback={null}>
            <RescueActions data={data} link={link} rescue={rescue} onRescue={setRescue} />
          </Suspense>
          {!data.cancelado && data.parcelas.some((p) => p.status !== 'PAGO') ? (
            <ReminderActions codcredor={link.codcredor} contrato={link.contrato} />
          ) : null}
          {data.parcelas.length > 0 ? (
            <ul className="agreement-instalments" aria-label="Parcelas do acordo">
              {data.parcelas.map((instalment) => (
                <InstalmentItem
                  key={instalment.id}
                  instalment={instalment}
                  // a cancelled agreement's instalments stay for the record, with nothing to pay
                  record={data.cancelado !== null}
                  busy={reissue.isPending}
                  onGenerate={generate}
                  onDetails={setShown}
                />
              ))}
            </ul>
          ) : (
            <div className="empty-state">
              <p>Não encontramos parcelas deste acordo.</p>
            </div>
          )}
        </>
      ) : null}

      <SpinnerModal open={loading} text="Buscando dados..." returnFocusRef={headingRef} />
      <SpinnerModal open={reissue.isPending} text="Carregando" />
      <QueryErrorModal open={loadFailed} error={agreement.error} onRetry={() => void agreement.refetch()} />
      <ErrorModal open={reissueFailed} message={errorMessage(reissue.error)} onClose={reissue.reset} />
      <Modal
        open={nothingToIssue}
        name="modalSemParcelas"
        role="alertdialog"
        tone="warning"
        title={NOTHING_TO_ISSUE}
        description={
          <p>
            Ele pode ter sido quitado ou encerrado pelo credor. Em Minha conta você vê a situação atual dos
            seus contratos.
          </p>
        }
        onClose={closeNothingToIssue}
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={() => void navigate(paths.minhaConta)}>
              Ir para Minha Conta
            </button>
            <button type="button" className="btn btn-secondary" onClick={closeNothingToIssue}>
              Fechar
            </button>
          </>
        }
      />
      <OnDemand when={Boolean(shown && data)}>
        <InstalmentDetailsModal
          details={
            shown && data
              ? {
                  contratoExibido: data.contratoExibido,
                  parcela: shown.numero,
                  vencimento: shown.vencimento,
                  valorPagarCents: shown.valorCents,
                }
              : null
          }
          onClose={() => setShown(null)}
        />
      </OnDemand>
    </div>
  );
}

interface InstalmentItemProps {
  instalment: Instalment;
  /** shown for the record only (a cancelled agreement): no payment to generate */
  record: boolean;
  busy: boolean;
  onGenerate: (instalment: Instalment) => void;
  /** opens the instalment-details modal */
  onDetails: (instalment: Instalment) => void;
}

/** Only EM ABERTO generates a payment; PAGO reads 'Pago'; FUTURA waits, its button dimmed. */
function InstalmentItem({ instalment, record, busy, onGenerate, onDetails }: InstalmentItemProps) {
  const { numero, status } = instalment;
  const modifier = status === 'PAGO' ? 'paid' : status === 'FUTURA' ? 'future' : 'open';
  const hintId = useId();
  return (
    <li className={`agreement-instalment agreement-instalment--${modifier}`}>
      <div className="agreement-instalment-info">
        <h2 className="agreement-instalment-title">Parcela {numero}</h2>
        <dl className="agreement-instalment-details">
          <div>
            <dt>Vencimento</dt>
            <dd>{formatBrDate(instalment.vencimento)}</dd>
          </div>
          <div>
            <dt>Valor a pagar</dt>
            <dd>{formatMoney(instalment.valorCents)}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="instalment-details-open"
          aria-label={`Ver detalhes da parcela ${numero}`}
          onClick={() => onDetails(instalment)}
        >
          Ver detalhes
        </button>
      </div>
      {status === 'PAGO' ? (
        <p className="agreement-paid">
          <CheckIcon />
          {instalment.pagoEm ? `Pago em ${formatBrDate(instalment.pagoEm)}` : 'Pago'}
        </p>
      ) : record ? (
        <p className="agreement-instalment-hint">Não paga</p>
      ) : status === 'FUTURA' ? (
        <div className="agreement-instalment-action">
          <button
            type="button"
            className="btn btn-primary agreement-pay"
            disabled
            aria-label={`Gerar pagamento da parcela ${numero}`}
            aria-describedby={hintId}
          >
            Gerar pagamento
          </button>
          <p id={hintId} className="agreement-instalment-hint">
            {FUTURE_HINT}
          </p>
        </div>
      ) : (
        <div className="agreement-instalment-action">
          <button
            type="button"
            className="btn btn-primary agreement-pay"
            aria-label={`Gerar pagamento da parcela ${numero}`}
            onClick={() => !busy && onGenerate(instalment)}
          >
            Gerar pagamento
          </button>
        </div>
      )}
    </li>
  );
}
