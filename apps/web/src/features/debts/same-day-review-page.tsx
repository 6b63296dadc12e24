import { monthlyCostOf } from '@portal/validation/budget';
import { formatBrDate } from '@portal/validation/dates';
import { formatMoney } from '@portal/validation/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FitBadge, useFreeCents } from '../../components/budget/fit-badge';
import { offerText } from '../../components/budget/offer-text';
import { StandingNotice } from '../../components/standing/contract-standing';
import { BackLink } from '../../components/ui/back-link';
import { errorMessage, isConflict } from '../../lib/api/errors';
import { type RouterOutputs, trpc } from '../../lib/api/trpc';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './same-day.css';

type Cart = NonNullable<RouterOutputs['debts']['sameDayCart']>;
type Item = Cart['itens'][number];
type Outcome = RouterOutputs['agreements']['intent'];
type Made = Extract<Outcome, { status: 'concluido' }>['acordo'];

/** Where each agreement of the review stands, by its key. */
type State =
  | { estado: 'a-concluir'; mensagem?: string }
  | { estado: 'concluindo' }
  | { estado: 'processando' }
  | { estado: 'feito'; acordo: Made | null };

/** A still-processing creation is asked again this often, this many times, before the page says so. */
const POLL_MS = 2_000;
const POLL_TIMES = 15;

const METHOD_LABEL = { boleto: 'Boleto', pix: 'PIX', cartao: 'Cartão' } as const;

/** A summary's offer as its terms: the one-line text and the month it weighs come from them. */
const termsOf = (item: Item) => ({
  tipo: item.tipoAcordo,
  valorPagoCents: item.detalhes.totalCents,
  entradaCents: item.detalhes.entradaCents ?? 0,
  quantidadeParcelas: item.detalhes.demaisParcelas?.quantidade ?? 0,
  parcelaCents: item.detalhes.demaisParcelas?.valorCents ?? 0,
});
const monthOf = (item: Item) => monthlyCostOf(termsOf(item));

/** A creation's outcome as the page shows it. */
function stateOf(outcome: Outcome): State {
  switch (outcome.status) {
    case 'concluido':
      return { estado: 'feito', acordo: outcome.acordo };
    case 'registrado':
      return { estado: 'feito', acordo: null };
    case 'processando':
      return { estado: 'processando' };
    case 'erro':
      return { estado: 'a-concluir', mensagem: 'O credor não confirmou este acordo. Tente de novo.' };
    default:
      return { estado: 'a-concluir' };
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a concluded agreement of the review gives to pay: its own codes and files. */
/** A code to pay with, copied with one tap; said when the browser would not copy it. */
function CopyCode({ code, label, of }: { code: string; label: string; of: string }) {
  const [outcome, setOutcome] = useState<
    '' | 'Copiado.' | 'Não foi possível copiar: selecione o código e copie.'
  >('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setOutcome('Copiado.');
    } catch {
      setOutcome('Não foi possível copiar: selecione o código e copie.');
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={`${label}: ${of}`}
        onClick={() => void copy()}
      >
        {label}
      </button>
      <p role="status">{outcome}</p>
    </>
  );
}

function MadeAgreement({ item, acordo }: { item: Item; acordo: Made | null }) {
  const link = agreementsHref({
    codcredor: item.credor.codcredor,
    contrato: item.contrato,
    logoUrl: item.credor.logoUrl,
  });
  return (
    <>
      <p className="same-day-made">Acordo feito.</p>
      {acordo?.boletos.map((boleto) => (
        <div key={boleto.arquivo} className="same-day-code">
          <p>{acordo.formaPagamento === 'pix' ? 'PIX copia e cola:' : 'Código do boleto:'}</p>
          <p className="agreement-code">{boleto.linhaDigitavel}</p>
          <CopyCode
            code={boleto.linhaDigitavel}
            label={acordo.formaPagamento === 'pix' ? 'Copiar PIX Copia e Cola' : 'Copiar código'}
            of={item.credor.nome}
          />
          {boleto.pdfUrl ? (
            <a href={boleto.pdfUrl} download={boleto.arquivo}>
              Baixar boleto: {item.credor.nome}
            </a>
          ) : null}
        </div>
      ))}
      <Link to={link} className="btn btn-secondary" aria-label={`Ver acordo: ${item.credor.nome}`}>
        Ver acordo
      </Link>
    </>
  );
}

/** Every payment of the agreement, with its date and amount, and what they come to. */
function Payments({ item }: { item: Item }) {
  const { pagamentos } = item;
  if (!pagamentos || pagamentos.length < 2) {
    return (
      <>
        {item.tipoAcordo === 'AP' && !pagamentos ? (
          <p className="debt-note">O credor não informa as datas das demais parcelas.</p>
        ) : null}
        <p>Total: {formatMoney(item.detalhes.totalCents)}</p>
      </>
    );
  }
  return (
    <>
      <ol className="same-day-payments" aria-label={`Pagamentos: ${item.credor.nome}`}>
        {/* each payment falls due after the one before: its date names it */}
        {pagamentos.map((p) => (
          <li key={p.vencimento}>
            {formatBrDate(p.vencimento)}: {formatMoney(p.valorCents)}
          </li>
        ))}
      </ol>
      <p>
        Total: {formatMoney(item.detalhes.totalCents)} em {pagamentos.length} pagamentos
      </p>
    </>
  );
}

function ReviewItem({ item, state, livreCents }: { item: Item; state: State; livreCents: number | null }) {
  return (
    <li className="same-day-item">
      <h2 className="same-day-item-title">
        {item.credor.nome}, contrato {item.contratoExibido}
      </h2>
      <StandingNotice estado={item.estado} />
      <p>
        {offerText(termsOf(item))} <FitBadge cents={monthOf(item)} livreCents={livreCents} />
      </p>
      <p>
        Vencimento em {formatBrDate(item.detalhes.vencimento)} · {METHOD_LABEL[item.formaPagamento]}
      </p>
      <Payments item={item} />
      {state.estado === 'feito' ? <MadeAgreement item={item} acordo={state.acordo} /> : null}
      {state.estado === 'concluindo' ? <p>Concluindo...</p> : null}
      {state.estado === 'processando' ? (
        <p>Este acordo ainda está em processamento com o credor. Veja em Minha conta daqui a pouco.</p>
      ) : null}
      {state.estado === 'a-concluir' && state.mensagem ? (
        <p className="same-day-failed">Não foi feito: {state.mensagem}</p>
      ) : null}
    </li>
  );
}

function Review({ cart }: { cart: Cart }) {
  const utils = trpc.useUtils();
  const create = trpc.agreements.create.useMutation();
  const livreCents = useFreeCents();
  const [states, setStates] = useState<Record<string, State>>({});
  const [running, setRunning] = useState(false);
  const [read, setRead] = useState(false);
  const set = (chave: string, state: State) => setStates((current) => ({ ...current, [chave]: state }));
  const keys = cart.itens.map((i) => i.chave).join(',');
  const started = useRef(false);

  // A reload finds each agreement as it stands: made, processing, or still to conclude.
  useEffect(() => {
    let live = true;
    void Promise.all(
      keys.split(',').map(async (chave) => {
        const outcome = await utils.agreements.intent.fetch({ chave }).catch(() => null);
        if (live && outcome) setStates((current) => ({ ...current, [chave]: stateOf(outcome) }));
      }),
    ).finally(() => live && setRead(true));
    return () => {
      live = false;
    };
  }, [keys, utils]);

  /** Concludes one agreement by its key (a repeat of a key is answered from its record, never sent twice). */
  const conclude = async (chave: string) => {
    set(chave, { estado: 'concluindo' });
    let outcome: Outcome;
    try {
      outcome = await create.mutateAsync({ chave });
    } catch (error) {
      // 409: already sent (another tab, a double tap) and processing; any other error made nothing
      if (!isConflict(error)) return set(chave, { estado: 'a-concluir', mensagem: errorMessage(error) });
      outcome = { status: 'processando' };
    }
    for (let i = 0; outcome.status === 'processando' && i < POLL_TIMES; i += 1) {
      await wait(POLL_MS);
      outcome = await utils.agreements.intent
        .fetch({ chave })
        .catch((): Outcome => ({ status: 'processando' }));
    }
    set(chave, stateOf(outcome));
    // 'Todas as minhas dívidas' shows the contract in an agreement now
    void utils.debts.all.invalidate();
  };

  const pending = cart.itens.filter((i) => (states[i.chave]?.estado ?? 'a-concluir') === 'a-concluir');
  const concludeAll = async () => {
    if (started.current) return;
    started.current = true;
    setRunning(true);
    // one after the other: each creditor answers for its own agreement, and one failing stops none
    for (const item of pending) await conclude(item.chave);
    setRunning(false);
    started.current = false;
  };

  const made = cart.itens.filter((i) => states[i.chave]?.estado === 'feito').length;
  const settled = cart.itens.every((i) => {
    const estado = states[i.chave]?.estado;
    return estado === 'feito' || estado === 'processando';
  });
  // the title says the outcome as the page does: '2 acordos feitos', '1 de 2 acordos feitos'
  const count = cart.itens.length;
  const feitos = count === 1 ? 'acordo feito' : 'acordos feitos';
  const told = made > 0 || settled;
  usePageTitle(
    !told ? 'Revisar acordos' : made === count ? `${count} ${feitos}` : `${made} de ${count} ${feitos}`,
  );
  const total = cart.itens.reduce((sum, i) => sum + monthOf(i), 0);

  return (
    <>
      <p>
        Todos com vencimento em {formatBrDate(cart.vencimento)}. Cada acordo é feito com o seu credor e tem os
        seus próprios boletos: não é possível pagar todos os credores com um só pagamento.
      </p>
      {livreCents !== null ? (
        <p className="same-day-total">
          Juntos, estes acordos pedem até {formatMoney(total)} em um mês.{' '}
          <FitBadge cents={total} livreCents={livreCents} />
        </p>
      ) : null}
      <ul className="same-day-items" aria-label="Acordos escolhidos">
        {cart.itens.map((item) => (
          <ReviewItem
            key={item.chave}
            item={item}
            state={states[item.chave] ?? { estado: 'a-concluir' }}
            livreCents={livreCents}
          />
        ))}
      </ul>
      <p className="same-day-outcome" role="status">
        {told ? `${made} de ${count} ${feitos}.` : ''}
      </p>
      {read && pending.length > 0 ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={running}
          aria-busy={running}
          onClick={() => void concludeAll()}
        >
          {made > 0 || pending.length < cart.itens.length
            ? 'Tentar de novo os que faltam'
            : `Concluir ${cart.itens.length} ${cart.itens.length === 1 ? 'acordo' : 'acordos'}`}
        </button>
      ) : null}
      {settled ? (
        <Link to={paths.minhaConta} className="btn btn-secondary btn-block">
          Ir para Minha Conta
        </Link>
      ) : null}
    </>
  );
}

/** /minha-conta/tudo-no-mesmo-dia: every agreement of the day on one review page, each concluded apart. */
export function SameDayReviewPage() {
  usePageTitle('Revisar acordos');
  const cart = trpc.debts.sameDayCart.useQuery();
  return (
    <div className="page same-day-page">
      <BackLink to={paths.todasAsDividas} label="Todas as minhas dívidas" />
      <h1 className="page-title" tabIndex={-1}>
        Revisar acordos
      </h1>
      {cart.isPending ? <p role="status">Carregando...</p> : null}
      {cart.isError ? <p role="alert">{errorMessage(cart.error)}</p> : null}
      {cart.data === null ? (
        <p className="empty-state">
          Nenhum acordo para revisar. Escolha as ofertas em{' '}
          <Link to={paths.todasAsDividas}>Todas as minhas dívidas</Link>.
        </p>
      ) : null}
      {cart.data ? <Review cart={cart.data} /> : null}
    </div>
  );
}
