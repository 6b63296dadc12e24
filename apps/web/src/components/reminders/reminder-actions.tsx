import { lazy, useState } from 'react';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { saveBlob } from '../../lib/browser/save-file';
import { ErrorModal } from '../ui/error-modal';
import { ClockIcon, DownloadIcon } from '../ui/icons';
import { OnDemand } from '../ui/on-demand';
import { SpinnerModal } from '../ui/spinner-modal';
import './reminder-actions.css';

// Its code (and zod, with the shared schema) is fetched when it first opens.
const ReminderModal = lazy(() => import('./reminder-modal').then((m) => ({ default: m.ReminderModal })));

/**
 * 'Quero ser lembrado' (the reminders modal) and 'Adicionar à agenda' (an .ics of the agreement's open
 * instalments) for one agreement: on /acordos and on the page of an agreement just made.
 */
export function ReminderActions({ codcredor, contrato }: { codcredor: string; contrato: string }) {
  const [open, setOpen] = useState(false);
  const calendar = trpc.reminders.calendar.useMutation({
    onSuccess: ({ nome, conteudo }) => saveBlob(nome, new Blob([conteudo], { type: 'text/calendar' })),
  });
  return (
    <div className="reminder-actions">
      <button type="button" className="btn btn-secondary reminder-action" onClick={() => setOpen(true)}>
        <ClockIcon />
        Quero ser lembrado
      </button>
      <button
        type="button"
        className="btn btn-secondary reminder-action"
        disabled={calendar.isPending}
        onClick={() => calendar.mutate({ codcredor, contrato })}
      >
        <DownloadIcon />
        Adicionar à agenda
      </button>
      <OnDemand when={open}>
        <ReminderModal codcredor={codcredor} contrato={contrato} onClose={() => setOpen(false)} />
      </OnDemand>
      <SpinnerModal open={calendar.isPending} text="Carregando" />
      <ErrorModal
        open={calendar.isError && !isUnauthorized(calendar.error)}
        message={errorMessage(calendar.error)}
        onClose={calendar.reset}
      />
    </div>
  );
}
