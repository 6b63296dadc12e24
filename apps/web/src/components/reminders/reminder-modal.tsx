import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { ErrorModal } from '../ui/error-modal';
import { Modal } from '../ui/modal';
import { SpinnerModal } from '../ui/spinner-modal';
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
} from './reminder-choices';

export const REMINDED = 'Pronto! Você será lembrado das próximas parcelas.';

const BY: Record<Exclude<ReminderChannel, 'push'>, string> = { email: 'e-mail', sms: 'SMS' };

/**
 * The one outcome of a reminder asked by several channels when this browser's notifications could not be
 * turned on: what will remind the person, and what will not, in one sentence.
 */
function remindedWithoutPush(canais: readonly ReminderChannel[]): string {
  const by = canais.filter((c): c is Exclude<ReminderChannel, 'push'> => c !== 'push').map((c) => BY[c]);
  return `Você será lembrado por ${by.join(' e ')}. As notificações deste aparelho não foram ativadas: verifique a permissão de notificações do navegador.`;
}

interface ReminderModalProps {
  codcredor: string;
  contrato: string;
  onClose: () => void;
}

/** 'Quero ser lembrado': the person's reminder settings are asked first, then the choice is shown. */
export function ReminderModal({ codcredor, contrato, onClose }: ReminderModalProps) {
  // gcTime 0: each opening shows the choice as the BFF has it now
  const settings = trpc.reminders.settings.useQuery(undefined, { gcTime: 0 });
  if (settings.isPending) return <SpinnerModal open text="Carregando..." />;
  if (settings.isError) {
    // An ended session is not an error to show: the guard is already taking the person to the start page.
    return isUnauthorized(settings.error) ? null : (
      <ErrorModal
        open
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        onClose={onClose}
      />
    );
  }
  return (
    <ReminderForm settings={settings.data} codcredor={codcredor} contrato={contrato} onClose={onClose} />
  );
}

/**
 * The channels offered and the days, as the person chose them last; 'Ativar lembretes' turns this
 * browser's notifications on when checked (its failure is said, the other channels still kept) and
 * reminds the agreement.
 */
function ReminderForm({
  settings,
  codcredor,
  contrato,
  onClose,
}: ReminderModalProps & { settings: ReminderSettings }) {
  const [offered] = useState(() => offeredChannels(settings.disponiveis));
  const [canais, setCanais] = useState<ReminderChannel[]>(() =>
    settings.canais.filter((c) => offered.includes(c)),
  );
  const [dias, setDias] = useState(() => chosenDays(settings.dias));
  const [problem, setProblem] = useState<string | null>(null);
  const [pushFailed, setPushFailed] = useState(false);
  const [remindedBy, setRemindedBy] = useState<ReminderChannel[]>([]);
  const [busy, setBusy] = useState(false);
  const pushChannel = usePushChannel();
  const remind = trpc.reminders.remind.useMutation();
  const problemId = useId();
  const formId = useId();

  const changed = () => {
    setProblem(null);
    setPushFailed(false);
    remind.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    changed();
    const refused = choiceProblem(canais, dias);
    if (refused) {
      setProblem(refused);
      return;
    }
    setBusy(true);
    try {
      const kept = await pushChannel(canais, settings.pushChave);
      setPushFailed(kept.pushFailed);
      setRemindedBy(kept.canais);
      if (kept.canais.length > 0) {
        await remind.mutateAsync({ codcredor, contrato, canais: kept.canais, dias }).catch(() => undefined);
      }
    } finally {
      setBusy(false);
    }
  };

  const failure = remind.isError && !isUnauthorized(remind.error) ? errorMessage(remind.error) : null;
  const paused = settings.parado || settings.pausadoAte !== null;

  return (
    <Modal
      open
      name="modalLembretes"
      title="Quero ser lembrado"
      busy={busy}
      onClose={busy ? undefined : onClose}
      description={
        <>
          <p>Escolha como e quando quer ser avisado antes do vencimento de cada parcela deste acordo.</p>
          <p>{REMINDER_PROMISE}</p>
          {paused ? <p>Ativar estes lembretes retoma os lembretes que você pausou ou parou.</p> : null}
        </>
      }
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className="btn btn-primary"
            aria-describedby={problem ? problemId : undefined}
            disabled={busy}
          >
            Ativar lembretes
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Fechar
          </button>
        </>
      }
    >
      <form id={formId} className="reminder-form" noValidate onSubmit={(event) => void submit(event)}>
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
          <p>Não há como enviar lembretes para você neste aparelho. Use “Adicionar à agenda”.</p>
        )}
        <div role="alert">
          {problem ? (
            <p id={problemId} className="field-error">
              {problem}
            </p>
          ) : null}
          {/* said alone when nothing else reminds; with the other channels, in the one outcome below */}
          {pushFailed && !remind.isSuccess ? <p className="field-error">{PUSH_FAILED}</p> : null}
          {failure ? <p className="field-error">{failure}</p> : null}
        </div>
        <div role="status">
          {remind.isSuccess ? (
            <p className="reminder-notice">{pushFailed ? remindedWithoutPush(remindedBy) : REMINDED}</p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
