import { isBlankOrValidEmail } from '@portal/validation/email';
import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { FitBadge } from '../../components/budget/fit-badge';
import { offerText } from '../../components/budget/offer-text';
import type { InstalmentDetails } from '../../components/instalment-details-modal';
import { StandingNotice } from '../../components/standing/contract-standing';
import { BackLink } from '../../components/ui/back-link';
import { CreditorLogo } from '../../components/ui/creditor-logo';
import { ErrorModal } from '../../components/ui/error-modal';
import { Field } from '../../components/ui/field';
import { fetchedNow, OnDemand } from '../../components/ui/on-demand';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isConflict, isUnauthorized } from '../../lib/api/errors';
import { HANDED_OVER_FRESH_MS } from '../../lib/api/handed-over';
import { type AgreementIntent, type RouterOutputs, type Summary, trpc } from '../../lib/api/trpc';
import { PAYMENT_METHOD_LABEL } from '../../lib/content/payment-methods';
import type { DeliverySchema } from '../../lib/forms/form-resolvers';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './negotiation.css';

// The phone's mask (its library is about 17 KB) is not part of the page's first load: fetched with the
// page, it is in long before a person reaches the field, which shows read-only until then.
const phoneInput = fetchedNow(() => import('../../components/ui/phone-input'));
const PhoneInput = lazy(() => phoneInput().then((m) => ({ default: m.PhoneInput })));

// The modals not on the first screen: their code is fetched when they first open.
const InstalmentDetailsModal = lazy(() =>
  import('../../components/instalment-details-modal').then((m) => ({ default: m.InstalmentDetailsModal })),
);

/** how often a creation still processing is asked about */
const POLL_MS = 2_000;
export const PROCESSING_MESSAGE =
  'Seu acordo está sendo processado. Aguarde nesta página ou consulte Minha Conta em alguns minutos.';
export const NOT_MADE_MESSAGE =
  'Não conseguimos concluir seu acordo e nada foi registrado. Você pode tentar novamente.';

/** Each contact is optional (the BFF falls back to the ones on file), but a typed one must be valid. */
type DeliveryInput = z.input<DeliverySchema>;
type Delivery = z.output<DeliverySchema>;
type SummaryFit = NonNullable<RouterOutputs['negotiation']['summaryFit']>;
const deliveryResolver = lazyResolver((resolvers) => resolvers.delivery);

/** /resumo: the agreement summary kept in the BFF session; without one the user goes to /minha-conta. */
export function SummaryPage() {
  usePageTitle('Resumo do acordo');
  const summary = trpc.negotiation.summary.useQuery(undefined, {
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: HANDED_OVER_FRESH_MS,
  });
  // Asked with the summary (not after it), afresh on every visit: the summary may have changed since.
  const fit = trpc.negotiation.summaryFit.useQuery(undefined, { refetchOnMount: 'always' });
  if (summary.isPending) return <SpinnerModal open text="Carregando" />;
  if (summary.isError) {
    return isUnauthorized(summary.error) ? null : (
      <QueryErrorModal open error={summary.error} onRetry={() => void summary.refetch()} />
    );
  }
  if (!summary.data) return <Navigate to={paths.minhaConta} replace />;
  // An answer kept from an earlier visit may be about another summary: only this visit's is shown.
  return (
    <AgreementSummary summary={summary.data} fit={fit.isFetchedAfterMount ? (fit.data ?? null) : null} />
  );
}

function AgreementSummary({ summary, fit }: { summary: Summary; fit: SummaryFit | null }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { chave } = summary;
  // The creation is sent once; while its outcome is unknown the page asks what became of it (after a
  // reload too), and never sends it again by itself.
  const intent = trpc.agreements.intent.useQuery(
    { chave },
    {
      refetchInterval: (query) => (query.state.data?.status === 'processando' ? POLL_MS : false),
      refetchOnWindowFocus: false,
      staleTime: HANDED_OVER_FRESH_MS,
    },
  );
  const create = trpc.agreements.create.useMutation({
    onSuccess: (result) => {
      // the concluded page shows the agreement at once
      if (result.status === 'concluido') utils.agreements.concluded.setData(undefined, result.acordo);
      utils.agreements.intent.setData({ chave }, result);
    },
    // Already sent (another tab, a double tap): it is processing, and the page follows it.
    onError: (error) => {
      if (isConflict(error)) utils.agreements.intent.setData({ chave }, { status: 'processando' });
    },
  });
  const status = intent.data?.status;
  const wasProcessing = useRef(false);
  const [notMade, setNotMade] = useState(false);
  useEffect(() => {
    if (status === 'processando') wasProcessing.current = true;
    else if (status === 'nenhum' && wasProcessing.current) {
      // Proven to have made nothing: the person may send it again.
      wasProcessing.current = false;
      setNotMade(true);
    } else if (intent.data) {
      const next = destinationOf(intent.data, summary);
      if (next) void navigate(next.to, { replace: true, state: next.state });
    }
  }, [status, intent.data, navigate, summary]);
  const processing = status === 'processando';
  const boleto = summary.formaPagamento === 'boleto';
  const { handleSubmit, register, control, formState } = useForm<DeliveryInput, unknown, Delivery>({
    resolver: deliveryResolver,
    mode: 'onTouched',
    defaultValues: { email: '', telefone: '' },
  });
  usePreloadedResolvers();
  const email = useWatch({ control, name: 'email' });
  const { field: phone, fieldState: phoneState } = useController({ control, name: 'telefone' });
  // The phone waits for a valid e-mail (an empty one lets it through: either contact will do).
  const phoneLocked = !isBlankOrValidEmail(email);

  const submit = handleSubmit((values) => {
    setNotMade(false);
    create.mutate({
      chave,
      ...(boleto ? { email: values.email, telefone: phoneLocked ? '' : values.telefone } : {}),
    });
  });

  return (
    <div className="page negotiation summary-page">
      <BackLink to={summary.retorno} />
      <h1 className="page-title" tabIndex={-1}>
        Resumo do acordo
      </h1>
      <div className="contract-heading">
        <CreditorLogo logoUrl={summary.credor.logoUrl} nome={summary.credor.nome} />
      </div>

      <Operations contratos={summary.contratos} />
      <NegotiationDetails summary={summary} />

      <form className="summary-form" onSubmit={submit} noValidate>
        {boleto ? (
          <section className="delivery" aria-labelledby="envio-titulo">
            <h2 id="envio-titulo" className="section-heading">
              Envio de acordo
            </h2>
            <div className="delivery-box">
              <p>Para concluirmos sua negociação, por favor digite abaixo seu e-mail e telefone:</p>
              <Field label="E-mail" error={formState.errors.email?.message}>
                {(control) => (
                  <input
                    {...control}
                    {...register('email')}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    placeholder="Digite seu email"
                    className="input"
                  />
                )}
              </Field>
              <Suspense
                fallback={
                  <Field label="Celular">
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        type="tel"
                        placeholder="Digite seu celular"
                        value={phone.value}
                        readOnly
                      />
                    )}
                  </Field>
                }
              >
                <PhoneInput
                  label="Celular"
                  placeholder="Digite seu celular"
                  value={phone.value}
                  onChange={phone.onChange}
                  onBlur={phone.onBlur}
                  ref={phone.ref}
                  name={phone.name}
                  disabled={phoneLocked}
                  error={phoneLocked ? undefined : phoneState.error?.message}
                  hint={phoneLocked ? 'Corrija o e-mail para informar o celular.' : undefined}
                />
              </Suspense>
              <p className="field-hint">
                Se deixar em branco, enviaremos para o e-mail e o celular do seu cadastro. As informações do
                acordo também poderão ser recebidas pelos demais canais cadastrados.
              </p>
            </div>
          </section>
        ) : null}
        {fit ? <FitNotice fit={fit} retorno={summary.retorno} /> : null}
        <StandingNotice estado={summary.estado} />
        <p className="summary-status" role="status">
          {processing ? PROCESSING_MESSAGE : ''}
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending || processing}>
          {summary.formaPagamento === 'cartao' ? 'Realizar pagamento' : 'Concluir acordo'}
        </button>
      </form>

      <SpinnerModal open={create.isPending} text="Carregando" />
      <ErrorModal
        open={create.isError && !isConflict(create.error)}
        message={errorMessage(create.error)}
        onClose={create.reset}
      />
      <ErrorModal open={notMade} message={NOT_MADE_MESSAGE} onClose={() => setNotMade(false)} />
    </div>
  );
}

/**
 * 'Cabe no meu bolso?' before concluding: a one-line mark when the agreement fits the budget; when it does
 * not, what it asks and what is free, the offers of the same contract that would fit, and that concluding
 * anyway is the person's choice (the button is never held back).
 */
function FitNotice({ fit, retorno }: { fit: SummaryFit; retorno: string }) {
  if (fit.ajuste !== 'nao-cabe') {
    return (
      <p className="summary-fit-note">
        Cabe no meu bolso? <FitBadge cents={fit.mensalCents} livreCents={fit.livreCents} />
      </p>
    );
  }
  return (
    <section className="summary-fit" aria-labelledby="ajuste-titulo">
      <h2 id="ajuste-titulo" className="section-heading">
        Este acordo não cabe no seu orçamento
      </h2>
      <p>
        Ele pede {formatMoney(fit.mensalCents)} em um mês, e sobram {formatMoney(fit.livreCents)} por mês no
        seu orçamento.
      </p>
      {fit.cabem.length > 0 ? (
        <>
          <p>Estas ofertas do mesmo contrato cabem:</p>
          <ul className="summary-fit-offers">
            {fit.cabem.map((offer) => (
              <li key={offer.id}>
                {offerText(offer)} <FitBadge cents={offer.mensalCents} livreCents={fit.livreCents} />
              </li>
            ))}
          </ul>
          <Link to={retorno} className="summary-fit-back">
            Escolher outra oferta
          </Link>
        </>
      ) : (
        <p>Nenhuma oferta deste contrato cabe no seu orçamento.</p>
      )}
      <p>Você pode concluir mesmo assim: a escolha é sua.</p>
    </section>
  );
}

/** Where a settled creation takes the person: its concluded page, the failure page, or the agreement on /acordos. */
function destinationOf(
  result: AgreementIntent,
  summary: Summary,
): { to: string; state?: { codCredor: string } } | null {
  switch (result.status) {
    case 'concluido':
      return { to: paths.acordoConcluido };
    case 'erro':
      return { to: paths.erroEfetivacao, state: { codCredor: summary.credor.codcredor } };
    case 'registrado':
      return { to: agreementsHref(result) };
    default:
      return null;
  }
}

/** The instalments' columns, before the details button's. */
const COLUMNS = ['Contrato', 'Vencimento', 'Valor original'];

/** The operations per contract, each collapsible; the instalments list scrolls past 250 px. */
function Operations({ contratos }: { contratos: Summary['contratos'] }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(contratos.slice(0, 1).map((c) => c.contrato)),
  );
  const [shown, setShown] = useState<InstalmentDetails | null>(null);
  const baseId = useId();
  return (
    <section className="operations" aria-labelledby={`${baseId}-titulo`}>
      <h2 id={`${baseId}-titulo`} className="section-heading">
        Operações
      </h2>
      {contratos.map((operation, index) => {
        const expanded = open.has(operation.contrato);
        const panelId = `${baseId}-${index}`;
        return (
          <div key={operation.contrato} className="operation">
            <h3 className="instalment-group-title">
              <button
                type="button"
                className="disclosure"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() =>
                  setOpen((s) => {
                    const next = new Set(s);
                    if (!next.delete(operation.contrato)) next.add(operation.contrato);
                    return next;
                  })
                }
              >
                <span>Contrato {operation.contratoExibido}</span>
                <span className="disclosure-mark" aria-hidden="true" />
              </button>
            </h3>
            {/* Scrollable by keyboard too: a focusable, named region. */}
            <section
              id={panelId}
              hidden={!expanded}
              className="operation-list"
              aria-label={`Parcelas do contrato ${operation.contratoExibido}`}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
              tabIndex={0}
            >
              {/* biome-ignore-start lint/a11y/noRedundantRoles: on phones its rows are cards (negotiation.css), and some browsers stop exposing a table whose display changed */}
              <table className="operation-table" role="table">
                <thead role="rowgroup">
                  <tr role="row">
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col" role="columnheader">
                        {column}
                      </th>
                    ))}
                    <th scope="col" role="columnheader">
                      <span className="sr-only">Detalhes</span>
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {operation.parcelas.map((p) => (
                    <tr key={`${p.contrato}-${p.vencimento}-${p.valorCents}`} role="row">
                      {[p.contratoExibido, formatBrDate(p.vencimento), formatMoney(p.valorCents)].map(
                        (value, column) => (
                          <td key={COLUMNS[column]} role="cell">
                            {/* The card's own label; the column's header names the cell to assistive technology. */}
                            <span className="operation-label" aria-hidden="true">
                              {COLUMNS[column]}
                            </span>
                            {value}
                          </td>
                        ),
                      )}
                      <td role="cell">
                        <button
                          type="button"
                          className="instalment-details-open"
                          aria-label={
                            p.numero === null
                              ? `Detalhes da parcela de ${formatBrDate(p.vencimento)}`
                              : `Detalhes da parcela ${p.numero}`
                          }
                          onClick={() =>
                            setShown({
                              contratoExibido: p.contratoExibido,
                              parcela: p.numero,
                              vencimento: p.vencimento,
                              valorPagarCents: p.valorPagarCents,
                            })
                          }
                        >
                          Detalhes
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {/* biome-ignore-end lint/a11y/noRedundantRoles: see above */}
            </section>
          </div>
        );
      })}
      <OnDemand when={shown !== null}>
        <InstalmentDetailsModal details={shown} onClose={() => setShown(null)} />
      </OnDemand>
    </section>
  );
}

/** 'Detalhes da negociação': each line only when the summary has it. */
function NegotiationDetails({ summary }: { summary: Summary }) {
  const d = summary.detalhes;
  const lines: [string, ReactNode][] = [['Forma de pagamento', PAYMENT_METHOD_LABEL[summary.formaPagamento]]];
  if (d.entradaCents !== null) lines.push(['Valor de entrada', formatMoney(d.entradaCents)]);
  if (d.demaisParcelas)
    lines.push([
      'Demais parcelas',
      `${d.demaisParcelas.quantidade}x de ${formatMoney(d.demaisParcelas.valorCents)}`,
    ]);
  if (d.negociacao) lines.push(['Negociação', d.negociacao]);
  lines.push(['Vencimento', formatBrDate(d.vencimento)]);
  if (d.descontoCents !== null && d.descontoCents > 0) {
    if (d.atualizadoCents !== null) lines.push(['Valor atualizado', formatMoney(d.atualizadoCents)]);
    lines.push(['Desconto', formatMoney(d.descontoCents)]);
  }
  lines.push(['Total a pagar', <strong key="total">{formatMoney(d.totalCents)}</strong>]);
  return (
    <section className="details" aria-labelledby="detalhes-titulo">
      <h2 id="detalhes-titulo" className="section-heading">
        Detalhes da negociação
      </h2>
      <dl className="details-list">
        {lines.map(([term, value]) => (
          <div key={term} className="details-line">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
