import { DUE_DAY_MAX } from '@portal/validation/dates';
import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import { type RefObject, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { type AgreementInProgress, trpc } from '../../lib/api/trpc';
import { Modal } from '../ui/modal';
import { dayChangedText, MOVED_TEXT, type RescueTarget, SHIFTED_TEXT, shiftedFrom } from './rescue-texts';
import { PROCESSING_TEXT, type ScheduleChange, useScheduleChange } from './use-schedule-change';
import './rescue.css';

export type ScheduleChangeKind = 'mover' | 'dia';

interface ScheduleChangeModalProps {
  target: RescueTarget;
  kind: ScheduleChangeKind;
  /** the change made: the success text the page announces */
  onDone: (message: string) => void;
  onClose: () => void;
  /** where the page says the change made: focus goes there once it is (the button that opened may be gone) */
  outcomeRef: RefObject<HTMLElement | null>;
}

const DAYS = Array.from({ length: DUE_DAY_MAX }, (_, i) => i + 1);

/**
 * 'Mover esta parcela para o fim do acordo' and 'Mudar o dia de pagamento': the schedule the change would
 * give (from the BFF, which never puts a date on a weekend or holiday), then 'Confirmar', sent once.
 */
export function ScheduleChangeModal({ target, kind, onDone, onClose, outcomeRef }: ScheduleChangeModalProps) {
  // what the page already shows (fresh for a minute); read here when the modal opens from Minha conta
  const agreement = trpc.agreements.inProgress.useQuery(
    { codcredor: target.codcredor, contrato: target.contrato },
    { staleTime: 60_000 },
  );
  const title = kind === 'mover' ? 'Mover parcela para o fim do acordo' : 'Mudar o dia de pagamento';
  if (!agreement.data) {
    return (
      <Modal
        open
        name="modalAlterarAcordo"
        title={title}
        onClose={onClose}
        actions={
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Fechar
          </button>
        }
      >
        {agreement.isError ? (
          <p role="alert">{errorMessage(agreement.error)}</p>
        ) : (
          <p role="status">Carregando...</p>
        )}
      </Modal>
    );
  }
  return (
    <ChangeForm
      agreement={agreement.data}
      target={target}
      kind={kind}
      title={title}
      onDone={onDone}
      onClose={onClose}
      outcomeRef={outcomeRef}
    />
  );
}

/** What a changed instalment was: its date before (and its number, when the move renumbers it). */
const beforeText = (numero: number, antes: { numero: number; vencimento: string }) =>
  antes.numero === numero
    ? `antes: ${formatBrDate(antes.vencimento)}`
    : `antes: parcela ${antes.numero}, ${formatBrDate(antes.vencimento)}`;

function ChangeForm({
  agreement,
  target,
  kind,
  title,
  onDone,
  onClose,
  outcomeRef,
}: ScheduleChangeModalProps & { agreement: AgreementInProgress; title: string }) {
  // the instalment is the one the person saw when the modal opened
  const [numero] = useState(() => agreement.alteracoes.mover);
  // on close, focus goes back to where it was; once the change is made, to the page's word on it
  const returnFocus = useRef<HTMLElement | null>(null);
  const [dia, setDia] = useState<number | null>(null);
  const mudanca: ScheduleChange | null =
    kind === 'mover'
      ? numero === null
        ? null
        : { tipo: 'mover', numero }
      : dia === null
        ? null
        : { tipo: 'dia', dia };
  const change = useScheduleChange(target, (acordo) => {
    returnFocus.current = outcomeRef.current;
    if (mudanca?.tipo === 'dia') {
      const unpaid = acordo.parcelas.filter((p) => p.status !== 'PAGO').map((p) => p.vencimento);
      onDone(dayChangedText(mudanca.dia, unpaid));
    } else onDone(MOVED_TEXT);
  });
  const preview = trpc.agreements.schedulePreview.useQuery(
    { codcredor: target.codcredor, contrato: target.contrato, mudanca: mudanca ?? { tipo: 'dia', dia: 1 } },
    { enabled: mudanca !== null, retry: false, refetchOnWindowFocus: false },
  );
  const selectId = useId();
  const listId = useId();
  const previewed = mudanca !== null ? preview.data?.parcelas : undefined;
  const unpaid = previewed?.filter((p) => !p.pago) ?? [];
  const earlier = mudanca !== null ? preview.data?.antecipada : null;
  const close = change.busy ? undefined : onClose;

  return (
    <Modal
      open
      name="modalAlterarAcordo"
      title={title}
      size="wide"
      busy={change.busy}
      onClose={close}
      returnFocusRef={returnFocus}
      description={
        kind === 'mover' ? (
          <p>
            {numero === null
              ? 'Não há parcela que possa ser movida neste acordo.'
              : `A parcela ${numero} passa para o fim do acordo, um mês depois da última. As seguintes avançam uma posição, com as mesmas datas e valores.`}
          </p>
        ) : (
          <p>Escolha o novo dia do mês para as parcelas que ainda faltam pagar.</p>
        )
      }
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!previewed || change.busy}
            onClick={() => mudanca && change.confirm(mudanca)}
          >
            Confirmar
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={change.busy}>
            Cancelar
          </button>
        </>
      }
    >
      {kind === 'dia' ? (
        <div className="field">
          <label htmlFor={selectId} className="field-label">
            Novo dia de pagamento
          </label>
          <select
            id={selectId}
            className="input"
            value={dia ?? ''}
            disabled={change.busy}
            onChange={(event) => setDia(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">Escolha um dia</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                Dia {d}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {mudanca === null ? null : preview.isError ? (
        <p role="alert" className="field-error">
          {errorMessage(preview.error)}
        </p>
      ) : !previewed ? (
        <p role="status">Calculando as novas datas...</p>
      ) : (
        <div className="schedule-preview">
          <h3 id={listId} className="schedule-preview-title">
            Como ficam suas parcelas
          </h3>
          <ul className="schedule-list" aria-labelledby={listId}>
            {unpaid.map((p) => (
              <li
                key={p.numero}
                className={p.antes ? 'schedule-item schedule-item--changed' : 'schedule-item'}
              >
                {`Parcela ${p.numero} — ${formatBrDate(p.vencimento)} — ${formatMoney(p.valorCents)}`}
                {p.antes ? (
                  <strong className="schedule-mark">{` (${beforeText(p.numero, p.antes)})`}</strong>
                ) : null}
              </li>
            ))}
          </ul>
          {mudanca.tipo === 'dia' &&
          shiftedFrom(
            mudanca.dia,
            unpaid.map((p) => p.vencimento),
          ) ? (
            <p className="field-hint">{SHIFTED_TEXT}</p>
          ) : null}
          {earlier ? (
            <p className="schedule-earlier">
              <strong>Atenção:</strong>
              {` a parcela ${earlier.numero} passa a vencer antes: em ${formatBrDate(earlier.para)}, e não mais em ${formatBrDate(earlier.de)}.`}
            </p>
          ) : null}
        </div>
      )}
      <p role="status" className="rescue-modal-status">
        {change.processing ? PROCESSING_TEXT : ''}
      </p>
      <div role="alert">{change.problem ? <p className="field-error">{change.problem}</p> : null}</div>
    </Modal>
  );
}
