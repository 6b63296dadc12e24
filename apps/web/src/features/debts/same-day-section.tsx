import { monthlyCostOf } from '@portal/validation/budget';
import { formatBrDate } from '@portal/validation/dates';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FitBadge, useFreeCents } from '../../components/budget/fit-badge';
import { offerText } from '../../components/budget/offer-text';
import { StandingNotice } from '../../components/standing/contract-standing';
import { errorMessage } from '../../lib/api/errors';
import { type RouterOutputs, trpc } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import './same-day.css';

type SameDay = RouterOutputs['debts']['sameDay'];
/** A day 'Todas' offers (the BFF's: some creditor takes it), its payment date and who takes none then. */
type OfferedDay = RouterOutputs['debts']['all']['mesmoDia'][number];
type CreditorOffers = SameDay['credores'][number];
type Method = 'boleto' | 'pix';

/** What the person picked for a contract: an offer (none: left out) and its way to pay. */
interface Choice {
  idProposta: string | null;
  forma: Method;
}

const METHOD_LABEL: Record<Method, string> = { boleto: 'Boleto', pix: 'PIX' };
const pickKey = (codcredor: string, contrato: string) => `${codcredor}|${contrato}`;

type DayOffer = CreditorOffers['contratos'][number]['propostas'][number];

/**
 * When an offer's payments do not all fall on the day chosen, said before it is picked, with the real dates;
 * when its creditor does not say how it dates them, said too. Null for an offer that keeps the day.
 */
function scheduleNote(offer: DayOffer, dia: number): string | null {
  if (offer.pagamentos === null) return 'O credor não informa as datas das demais parcelas.';
  if (offer.noDia) return null;
  return `Nem todas no dia ${dia}: ${offer.pagamentos.map((p) => formatBrDate(p.vencimento)).join(', ')}.`;
}

interface ContractChoiceProps {
  line: CreditorOffers;
  /** the day of the month asked for */
  dia: number;
  contract: CreditorOffers['contratos'][number];
  pick: Choice | undefined;
  livreCents: number | null;
  onPick: (pick: Choice) => void;
}

/** One contract's offers for the day, as radios (the first: leave it out), and the way to pay the one picked. */
function ContractChoice({ line, dia, contract, pick, livreCents, onPick }: ContractChoiceProps) {
  const name = `oferta-${line.credor.codcredor}-${contract.contrato}`;
  const chosen = pick?.idProposta ?? null;
  // boleto unless the creditor does not take it (then the one way it takes: there is nothing to choose)
  const formas: readonly Method[] = line.formas;
  const forma = pick?.forma ?? (formas.includes('boleto') ? 'boleto' : (formas[0] ?? 'boleto'));
  const legend = `${line.credor.nome}, contrato ${contract.contratoExibido}`;
  if (contract.propostas.length === 0) {
    return (
      <div className="same-day-contract">
        <p className="same-day-contract-name">{legend}</p>
        <p className="debt-note">{contract.mensagem}</p>
      </div>
    );
  }
  const option = (id: string | null, label: string, proposal?: DayOffer) => {
    const note = proposal ? scheduleNote(proposal, dia) : null;
    return (
      <label key={id ?? 'nenhuma'} className="same-day-option">
        <input
          type="radio"
          name={name}
          checked={chosen === id}
          onChange={() => onPick({ idProposta: id, forma })}
        />
        <span>{label}</span>{' '}
        {proposal ? <FitBadge cents={monthlyCostOf(proposal)} livreCents={livreCents} /> : null}
        {note ? <span className="same-day-dates">{note}</span> : null}
      </label>
    );
  };
  return (
    <fieldset className="same-day-contract">
      <legend className="same-day-contract-name">{legend}</legend>
      <StandingNotice estado={contract.estado} />
      {option(null, 'Não incluir')}
      {contract.propostas.map((p) => option(p.id, offerText(p), p))}
      {chosen !== null && line.formas.length > 1 ? (
        <label className="same-day-method">
          <span>Forma de pagamento</span>
          <select
            value={forma}
            onChange={(event) => onPick({ idProposta: chosen, forma: event.target.value as Method })}
          >
            {line.formas.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABEL[m]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </fieldset>
  );
}

/** Who takes no payment on a day, said before the person asks: 'A e B não aceitam…'. */
function refusedText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
  return `${who} ${names.length === 1 ? 'não aceita' : 'não aceitam'} pagamento neste dia: negocie separadamente.`;
}

/**
 * 'Tudo no mesmo dia': the person picks a day of the month among those some creditor takes (the BFF's
 * list, each saying at once who does not take it); every contract's offers are valued again for it with
 * each creditor; the person picks offers for several contracts and goes to one review page.
 */
export function SameDaySection({ dias }: { dias: readonly OfferedDay[] }) {
  const navigate = useNavigate();
  const livreCents = useFreeCents();
  const [dia, setDia] = useState(() => (dias.find((d) => d.dia === 10) ?? dias[0])?.dia ?? 1);
  const hintId = useId();
  const day = dias.find((d) => d.dia === dia);
  const [asked, setAsked] = useState<number | null>(null);
  const [picks, setPicks] = useState<Record<string, Choice & { codcredor: string; contrato: string }>>({});
  const offers = trpc.debts.sameDay.useQuery(
    { dia: asked ?? 1 },
    { enabled: asked !== null, staleTime: 60_000, retry: false },
  );
  const review = trpc.debts.sameDayReview.useMutation({
    onSuccess: () => void navigate(paths.mesmoDia),
  });

  const ask = (event: FormEvent) => {
    event.preventDefault();
    setPicks({});
    review.reset();
    setAsked(dia);
  };
  const chosen = Object.values(picks).flatMap(({ codcredor, contrato, idProposta, forma }) =>
    idProposta === null ? [] : [{ codcredor, contrato, idProposta, formaPagamento: forma }],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (review.isPending || chosen.length === 0) return;
    review.mutate({ itens: chosen });
  };

  if (dias.length === 0) {
    return <p>Nenhum credor aceita hoje um mesmo dia de pagamento para os seus contratos.</p>;
  }
  const refused = day ? refusedText(day.recusam) : null;
  return (
    <>
      <p>
        Escolha um dia do mês para pagar. Cada credor calcula de novo as ofertas para essa data, e você revisa
        todos os acordos juntos antes de concluir.
      </p>
      <form className="same-day-ask" onSubmit={ask}>
        <label className="same-day-day">
          <span>Dia do pagamento</span>
          <select
            value={dia}
            aria-describedby={hintId}
            onChange={(event) => setDia(Number(event.target.value))}
          >
            {dias.map((d) => (
              <option key={d.dia} value={d.dia}>
                Dia {d.dia}
              </option>
            ))}
          </select>
        </label>
        <p id={hintId} className="field-hint same-day-hint" aria-live="polite">
          {day ? `Vencimento em ${formatBrDate(day.vencimento)}.` : null}
          {refused ? ` ${refused}` : null}
        </p>
        <button type="submit" className="btn btn-secondary" disabled={offers.isFetching}>
          Ver ofertas para este dia
        </button>
      </form>
      {offers.isFetching ? (
        <p role="status" aria-busy="true">
          Consultando seus credores para o dia {asked}...
        </p>
      ) : null}
      {offers.isError && !offers.isFetching ? <p role="alert">{errorMessage(offers.error)}</p> : null}
      {offers.data && !offers.isFetching ? (
        <form className="same-day-offers" onSubmit={submit} aria-label="Ofertas para o mesmo dia">
          <p className="same-day-date" role="status">
            Todos com vencimento em {formatBrDate(offers.data.vencimento)}.
          </p>
          {offers.data.credores.map((line) =>
            line.mensagem ? (
              <p key={line.credor.codcredor} className="debt-note">
                {line.credor.nome}: {line.mensagem}
              </p>
            ) : (
              line.contratos.map((contract) => {
                const key = pickKey(line.credor.codcredor, contract.contrato);
                return (
                  <ContractChoice
                    key={key}
                    line={line}
                    dia={asked ?? dia}
                    contract={contract}
                    pick={picks[key]}
                    livreCents={livreCents}
                    onPick={(pick) =>
                      setPicks((current) => ({
                        ...current,
                        [key]: { ...pick, codcredor: line.credor.codcredor, contrato: contract.contrato },
                      }))
                    }
                  />
                );
              })
            ),
          )}
          {review.isError ? <p role="alert">{errorMessage(review.error)}</p> : null}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={chosen.length === 0 || review.isPending}
          >
            {chosen.length === 0
              ? 'Escolha ao menos uma oferta'
              : `Revisar ${chosen.length} ${chosen.length === 1 ? 'acordo' : 'acordos'}`}
          </button>
        </form>
      ) : null}
    </>
  );
}
