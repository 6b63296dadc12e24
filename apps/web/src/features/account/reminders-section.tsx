import { todayInBrazil } from '@portal/validation/dates';
import { formatBrDate } from '@portal/validation/iso-date';
import { type FormEvent, useId, useState } from 'react';
import {
  choiceProblem,
  chosenDays,
  offeredChannels,
  PUSH_FAILED,
  REMINDER_PROMISE,
  type ReminderChannel,
  ReminderChoices,
  type ReminderSettings,
  usePushChannel,
} from '../../components/reminders/reminder-choices';
import { ErrorModal } from '../../components/ui/error-modal';
import { Modal } from '../../components/ui/modal';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import './reminders-section.css';

export const CHOICE_SAVED = 'Pronto! Suas escolhas de lembretes foram salvas.';
export const STOPPED_NOW = 'Pronto! Você não receberá mais lembretes de vencimento.';
export const RESUMED_NOW = 'Pronto! Os lembretes voltaram a ser enviados.';
const pausedNow = (day: string) => `Pronto! Os lembretes estão pausados até ${day}.`;

/** The day a pause ends, in Brasília, as dd/mm/aaaa. */
const pauseEnd = (iso: string) => formatBrDate(todayInBrazil(new Date(iso)));

/** Where the person's reminders stand: stopped, paused until a day, or how many agreements are reminded. */
function stateText(settings: ReminderSettings): string {
  if (settings.parado)
    return 'Os lembretes estão parados. Escolha como e quando avisar para voltar a recebê-los.';
  if (settings.pausadoAte) return `Os lembretes estão pausados até ${pauseEnd(settings.pausadoAte)}.`;
  if (settings.lembrados === 0)
    return 'Nenhum acordo tem lembretes ainda: toque em “Quero ser lembrado” em Acordos em andamento.';
  return settings.lembrados === 1
    ? 'Você recebe lembretes de 1 acordo.'
    : `Você recebe lembretes de ${settings.lembrados} acordos.`;
}

/**
 * 'Lembretes de vencimento' on the Notificações page: the channels and days of every agreement reminded,
 * a pause of 30 days, or a stop of them all. Each is honoured at once by the BFF.
 */
export function RemindersSection() {
  const settings = trpc.reminders.settings.useQuery(undefined, { gcTime: 0 });
  const headingId = useId();
  return (
    <section className="reminders-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="reminders-title">
        Lembretes de vencimento
      </h2>
      <p className="field-hint">
        Escolha como e quando quer ser avisado antes do vencimento das parcelas dos seus acordos.{' '}
        {REMINDER_PROMISE}
      </p>
      {settings.data ? <RemindersForm initial={settings.data} /> : null}
      <SpinnerModal open={settings.isPending} text="Buscando dados..." />
      <QueryErrorModal
        open={settings.isError && !isUnauthorized(settings.error)}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    </section>
  );
}

type Answer = { settings: ReminderSettings; text: string };

function RemindersForm({ initial }: { initial: ReminderSettings }) {
  const [offered] = useState(() => offeredChannels(initial.disponiveis));
  // Push chosen on another device, not offered in this browser, is kept as it was.
  const [keptElsewhere] = useState(() => initial.canais.filter((c) => c === 'push' && !offered.includes(c)));
  const [canais, setCanais] = useState<ReminderChannel[]>(() =>
    initial.canais.filter((c) => offered.includes(c)),
  );
  const [dias, setDias] = useState(() => chosenDays(initial.dias));
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pushFailed, setPushFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmStop, setConfirmStop] = useState(false);
  const [busy, setBusy] = useState(false);
  const pushChannel = usePushChannel();
  const utils = trpc.useUtils();
  const problemId = useId();
  const current = answer?.settings ?? initial;

  const changed = () => {
    setProblem(null);
    setPushFailed(false);
    setAnswer((previous) => (previous ? { ...previous, text: '' } : null));
  };

  /** Runs one procedure behind the spinner; its answer is the new state, `text` the status said. */
  const run = async (call: () => Promise<ReminderSettings>, text: (s: ReminderSettings) => string) => {
    setBusy(true);
    try {
      const settings = await call();
      setAnswer({ settings, text: text(settings) });
    } catch (error) {
      if (!isUnauthorized(error)) setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    changed();
    const refused = choiceProblem(canais, dias);
    if (refused) {
      setProblem(refused);
      return;
    }
    setBusy(true);
    const kept = await pushChannel(canais, current.pushChave).finally(() => setBusy(false));
    setPushFailed(kept.pushFailed);
    const chosen = [...kept.canais, ...keptElsewhere];
    if (chosen.length === 0) return;
    await run(
      () => utils.client.reminders.choose.mutate({ canais: chosen, dias }),
      () => CHOICE_SAVED,
    );
  };

  const pause = () => {
    changed();
    void run(
      () => utils.client.reminders.pause.mutate(),
      (s) => pausedNow(s.pausadoAte ? pauseEnd(s.pausadoAte) : ''),
    );
  };

  // a pause ends with the choices saved before it (choosing again ends a pause)
  const paused = current.pausadoAte !== null && !current.parado && current.canais.length > 0;
  const resume = () => {
    changed();
    void run(
      () => utils.client.reminders.choose.mutate({ canais: current.canais, dias: chosenDays(current.dias) }),
      () => RESUMED_NOW,
    );
  };

  const stop = () => {
    setConfirmStop(false);
    changed();
    void run(
      () => utils.client.reminders.stop.mutate(),
      () => STOPPED_NOW,
    );
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void save(event)}>
      <p className="reminders-state">{stateText(current)}</p>
      {offered.length > 0 ? (
        <ReminderChoices
          offered={offered}
          canais={canais}
          dias={dias}
          disabled={busy}
          onChannels={(next) => {
            changed();
            setCanais(next);
          }}
          onDays={(next) => {
            changed();
            setDias(next);
          }}
        />
      ) : (
        <p>Não há como enviar lembretes para você neste aparelho.</p>
      )}
      <div role="alert">
        {problem ? (
          <p id={problemId} className="field-error">
            {problem}
          </p>
        ) : null}
        {pushFailed ? <p className="field-error">{PUSH_FAILED}</p> : null}
      </div>
      <div className="reminders-buttons">
        <button
          type="submit"
          className="btn btn-primary btn-block"
          aria-describedby={problem ? problemId : undefined}
          disabled={busy}
        >
          Confirmar lembretes
        </button>
        {/* one button, so that focus stays on it when a pause makes it 'Retomar' */}
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          onClick={paused ? resume : pause}
        >
          {paused ? 'Retomar lembretes agora' : 'Pausar lembretes por 30 dias'}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          onClick={() => setConfirmStop(true)}
        >
          Parar todos os lembretes
        </button>
      </div>
      <div role="status">{answer?.text ? <p className="account-notice">{answer.text}</p> : null}</div>
      <Modal
        open={confirmStop}
        name="modalPararLembretes"
        role="alertdialog"
        tone="warning"
        title="Parar todos os lembretes?"
        description={
          <p>
            Você não receberá lembretes de vencimento de nenhum acordo, por nenhum canal, até escolher de novo
            aqui.
          </p>
        }
        onClose={() => setConfirmStop(false)}
        actions={
          <>
            <button type="button" className="btn btn-primary" onClick={stop}>
              Parar lembretes
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmStop(false)}>
              Cancelar
            </button>
          </>
        }
      />
      <SpinnerModal open={busy} text="Carregando" />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </form>
  );
}
