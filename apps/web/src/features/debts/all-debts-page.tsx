import { monthlyCostOf } from '@portal/validation/budget';
import { formatMoney } from '@portal/validation/money';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FitBadge, useFreeCents } from '../../components/budget/fit-badge';
import { StandingLabel, standingText } from '../../components/standing/contract-standing';
import { BackLink } from '../../components/ui/back-link';
import { CreditorLogo } from '../../components/ui/creditor-logo';
import { formatWait, SLOW_LOOKUP_MS } from '../../components/ui/lookup-wait';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { type RouterOutputs, trpc } from '../../lib/api/trpc';
import { agreementsHref, negotiationHref, OFFERS_ASKED } from '../../lib/navigation/journey-links';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './all-debts.css';

// The budget form (its masks and fields) comes after the list: its code is fetched on its own.
const BudgetSection = lazy(() => import('./budget-section').then((m) => ({ default: m.BudgetSection })));
const SameDaySection = lazy(() => import('./same-day-section').then((m) => ({ default: m.SameDaySection })));
const PlanDownload = lazy(() => import('./plan-download').then((m) => ({ default: m.PlanDownload })));

type AllDebts = RouterOutputs['debts']['all'];
type CreditorLine = AllDebts['credores'][number];
type ContractLine = CreditorLine['contratos'][number];
type Plan = NonNullable<AllDebts['plano']>;

/** /negociacao for one contract, with the flags the BFF read for it, as a creditor card's link has them. */
const offersHref = (credor: CreditorLine['credor'], contract: ContractLine, sequencial: boolean) =>
  negotiationHref({
    codcredor: credor.codcredor,
    contrato: contract.contrato,
    logoUrl: credor.logoUrl,
    chamarProposta: contract.chamarProposta,
    chamarDivida: contract.chamarDivida,
    sequencial,
  });

/** A count as Brazilians write it: 2.190. */
const COUNT = new Intl.NumberFormat('pt-BR');

const overdueText = (days: number | null) =>
  days === null || days <= 0 ? 'Em dia' : `Em atraso há ${COUNT.format(days)} ${days === 1 ? 'dia' : 'dias'}`;

interface ContractItemProps {
  credor: CreditorLine['credor'];
  contract: ContractLine;
  livreCents: number | null;
  sequencial: boolean;
}

function ContractItem({ credor, contract, livreCents, sequencial }: ContractItemProps) {
  const { melhorAVista: upfront, menorParcela: plan, estado } = contract;
  const label = `Contrato ${contract.contratoExibido}`;
  const inAgreement = estado.tipo === 'em-acordo';
  return (
    <li className="debt-contract">
      <p className="debt-contract-number">{label}</p>
      <StandingLabel estado={estado} />
      <p className="debt-contract-owed">
        {inAgreement
          ? `Restam ${formatMoney(contract.devidoCents)} no acordo`
          : `Você deve ${formatMoney(contract.devidoCents)}`}
      </p>
      {inAgreement || estado.tipo === 'em-disputa' ? null : (
        <p className="debt-contract-overdue">{overdueText(contract.diasAtraso)}</p>
      )}
      {estado.tipo === 'prescrita' ? (
        <>
          <p className="standing-notice">{standingText(estado)}</p>
          <Link
            className="debt-discreet-link"
            to={offersHref(credor, contract, sequencial)}
            state={OFFERS_ASKED}
            aria-label={`Ver ofertas mesmo assim: ${label}`}
          >
            Ver ofertas mesmo assim
          </Link>
        </>
      ) : estado.tipo === 'em-disputa' ? (
        <p className="standing-notice">{standingText(estado)}</p>
      ) : inAgreement ? (
        <>
          {estado.processando ? <p className="standing-notice">{standingText(estado)}</p> : null}
          <Link
            className="btn btn-secondary"
            to={agreementsHref({
              codcredor: credor.codcredor,
              contrato: contract.contrato,
              logoUrl: credor.logoUrl,
            })}
            aria-label={`Ver acordo: ${label}`}
          >
            Ver acordo
          </Link>
        </>
      ) : (
        <>
          {upfront ? (
            <p className="debt-offer">
              <span>
                À vista: {formatMoney(upfront.totalCents)}
                {upfront.descontoPercentual ? ` (${upfront.descontoPercentual} de desconto)` : ''}
                {upfront.cobre === 'todas' ? ', todas as parcelas' : ', só as parcelas em atraso'}
              </span>{' '}
              <FitBadge cents={upfront.totalCents} livreCents={livreCents} />
            </p>
          ) : null}
          {plan ? (
            <p className="debt-offer">
              <span>
                Parcelado: a partir de {plan.quantidadeParcelas} × {formatMoney(plan.parcelaCents)}
                {plan.entradaCents > 0 ? ` com entrada de ${formatMoney(plan.entradaCents)}` : ''}
              </span>{' '}
              <FitBadge
                cents={monthlyCostOf({ tipo: 'AP', valorPagoCents: 0, ...plan })}
                livreCents={livreCents}
              />
            </p>
          ) : null}
          <Link
            className="btn btn-primary"
            to={offersHref(credor, contract, sequencial)}
            aria-label={`Ver ofertas: ${label}`}
          >
            Ver ofertas
          </Link>
        </>
      )}
    </li>
  );
}

/**
 * The wait for every creditor, on the page (its room kept): after SLOW_LOOKUP_MS it says once that the
 * creditors are still being asked, shows the time waited (outside the live region) and offers a way back,
 * as Minha conta's wait does; the upstream may take minutes (PROXY_TIMEOUT_MS) to answer or give up.
 */
function Consulting({ onLeave }: { onLeave: () => void }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const slow = now - started >= SLOW_LOOKUP_MS;
  return (
    <div className="all-debts-loading">
      <p role="status" aria-busy={!slow}>
        <span className="all-debts-loading-bar" aria-hidden="true" />
        {slow
          ? 'Ainda consultando os credores. Isso pode levar alguns minutos.'
          : 'Consultando seus credores...'}
      </p>
      {slow ? (
        <>
          <p className="all-debts-waited">Tempo de espera: {formatWait(now - started)}</p>
          <button type="button" className="btn btn-secondary" onClick={onLeave}>
            Voltar para minha conta
          </button>
        </>
      ) : null}
    </div>
  );
}

function CreditorItem(props: {
  line: CreditorLine;
  livreCents: number | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { line, livreCents, retrying, onRetry } = props;
  const headingId = `credor-${line.credor.codcredor}`;
  return (
    <li className="debt-creditor">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="debt-creditor-name">
          <CreditorLogo
            logoUrl={line.credor.logoUrl}
            nome={line.credor.nome}
            className="debt-creditor-logo"
          />
        </h2>
        {line.situacao === 'falhou' ? (
          <div className="debt-creditor-failed">
            <p>{line.mensagem}</p>
            <button type="button" className="btn btn-secondary" onClick={onRetry} disabled={retrying}>
              Tentar de novo
            </button>
          </div>
        ) : (
          <ul className="debt-contracts" aria-label={`Contratos com ${line.credor.nome}`}>
            {line.contratos.map((contract) => (
              <ContractItem
                key={contract.contrato}
                credor={line.credor}
                contract={contract}
                livreCents={livreCents}
                sequencial={line.sequencial}
              />
            ))}
          </ul>
        )}
      </section>
    </li>
  );
}

/**
 * 'Cabe no meu bolso?': the budget form (its masks) is fetched when the person asks for it, or at once when
 * the session already has a budget to show.
 */
function BudgetArea() {
  const budget = trpc.budget.get.useQuery();
  const [asked, setAsked] = useState(false);
  // once shown, the form stays (a budget cleared leaves it empty, not folded away)
  const [shown, setShown] = useState(false);
  if (budget.data?.orcamento && !shown) setShown(true);
  if (budget.data?.orcamento || shown || asked) {
    return (
      <Suspense fallback={<p role="status">Carregando...</p>}>
        <BudgetSection focusFirst={asked} />
      </Suspense>
    );
  }
  return (
    <>
      <p>
        Informe sua renda e suas despesas do mês para saber quais ofertas cabem no seu bolso. Seu orçamento
        fica só nesta sessão: não é enviado aos credores nem guardado.
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={budget.isPending}
        onClick={() => setAsked(true)}
      >
        Informar meu orçamento
      </button>
    </>
  );
}

/** What the budget says of all the debts together: they fit in N months, or the over-indebtedness route. */
function PlanNotice({ plan }: { plan: Plan }) {
  if (plan.cobre) {
    return (
      <p className="debt-plan-fits" role="status">
        Com este orçamento, suas dívidas cabem em {plan.meses} {plan.meses === 1 ? 'mês' : 'meses'} de até{' '}
        {formatMoney(plan.mensalCents)}.
      </p>
    );
  }
  return (
    <section className="debt-overindebted" aria-labelledby="superendividamento-titulo">
      <h2 id="superendividamento-titulo">Suas dívidas não cabem no seu orçamento</h2>
      <p>
        Com o que sobra por mês, não dá para pagar todas as suas dívidas em até 5 anos. Isso tem nome e tem
        saída: a Lei do Superendividamento (Lei 14.181/2021).
      </p>
      <ul>
        <li>
          Você pode pedir para renegociar todas as dívidas de uma vez, com todos os credores juntos, em um só
          plano de pagamento de até 5 anos.
        </li>
        <li>
          O plano precisa deixar com você o mínimo existencial: o dinheiro para as despesas básicas da sua
          vida.
        </li>
        <li>
          Você pode pedir ajuda de graça no Procon, na Defensoria Pública ou em um CEJUSC (centro de
          conciliação) do Tribunal de Justiça do seu estado.
        </li>
      </ul>
      <p>
        Baixe o seu plano de pagamento e leve ao Procon, à Defensoria Pública ou a um CEJUSC: ele lista suas
        dívidas, o seu orçamento e uma divisão do que sobra por mês entre os credores, em até 60 meses.
      </p>
      <Suspense fallback={null}>
        <PlanDownload />
      </Suspense>
      <p className="debt-note">
        O que o portal mostra é uma proposta para ajudar você a se organizar, não uma orientação jurídica.
      </p>
    </section>
  );
}

/** /minha-conta/todas-as-dividas: every contract with every creditor, the totals, and the budget beside them. */
export function AllDebtsPage() {
  usePageTitle('Todas as minhas dívidas');
  // leaving the page (the long wait's way out) stops the browser's wait for the answer
  const debts = trpc.debts.all.useQuery(undefined, { trpc: { abortOnUnmount: true } });
  const navigate = useNavigate();
  const livreCents = useFreeCents();
  const data = debts.data;
  const failed = debts.isError && !debts.isFetching && !isUnauthorized(debts.error);
  const retry = () => void debts.refetch();

  return (
    <div className="page all-debts-page">
      <BackLink to={paths.minhaConta} label="Minha conta" />
      <h1 className="page-title" tabIndex={-1}>
        Todas as minhas dívidas
      </h1>
      <p className="all-debts-lead">
        Todos os seus contratos com os credores parceiros: quanto você deve, há quanto tempo e as melhores
        ofertas de cada um. Veja se elas cabem no seu orçamento e, se quiser, pague tudo no mesmo dia.
      </p>
      {debts.isPending && !failed ? <Consulting onLeave={() => void navigate(paths.minhaConta)} /> : null}
      {failed ? (
        <div className="empty-state" role="alert">
          <p>Não foi possível consultar seus credores agora. {errorMessage(debts.error)}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            Tentar de novo
          </button>
        </div>
      ) : null}
      {data ? (
        <>
          <dl className="debt-totals" aria-label="Totais">
            <div>
              <dt>Total devido:</dt> <dd>{formatMoney(data.totais.devidoCents)}</dd>
            </div>
            {data.totais.foraCents > 0 ? (
              <div>
                <dt>Prescritas ou em contestação, fora do total:</dt>{' '}
                <dd>{formatMoney(data.totais.foraCents)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Contratos:</dt> <dd>{data.totais.contratos}</dd>
            </div>
            <div>
              <dt>Melhor à vista somado:</dt> <dd>{formatMoney(data.totais.melhorAVistaCents)}</dd>
            </div>
          </dl>
          {data.credores.length === 0 ? (
            <p className="empty-state">No momento não encontramos contratos em nossa base de parceiros.</p>
          ) : (
            <ul className="debt-creditors" aria-label="Seus credores">
              {data.credores.map((line) => (
                <CreditorItem
                  key={line.credor.codcredor}
                  line={line}
                  livreCents={livreCents}
                  retrying={debts.isFetching}
                  onRetry={retry}
                />
              ))}
            </ul>
          )}
          {data.plano ? <PlanNotice plan={data.plano} /> : null}
        </>
      ) : null}
      {data && data.totais.contratos > 0 ? (
        <section className="debt-same-day" aria-labelledby="mesmo-dia-titulo">
          <h2 id="mesmo-dia-titulo">Tudo no mesmo dia</h2>
          <Suspense fallback={<p role="status">Carregando...</p>}>
            <SameDaySection dias={data.mesmoDia} />
          </Suspense>
        </section>
      ) : null}
      <section className="debt-budget" aria-labelledby="orcamento-titulo">
        <h2 id="orcamento-titulo">Cabe no meu bolso?</h2>
        <BudgetArea />
      </section>
    </div>
  );
}
