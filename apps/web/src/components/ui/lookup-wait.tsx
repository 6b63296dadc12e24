import { type RefObject, useEffect, useId, useState } from 'react';
import { Modal } from './modal';
import './lookup-wait.css';

/** How long a lookup waits quietly before it says it is still going and offers a way out. */
export const SLOW_LOOKUP_MS = 5_000;
/** What a slow lookup of one creditor's data says (the offers); `slowText` says it of another. */
export const SLOW_LOOKUP_TEXT = 'Ainda consultando o credor. Isso pode levar alguns minutos.';

/** '8 s', '1 min 5 s': the time waited so far. */
export function formatWait(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

interface LookupWaitModalProps {
  open: boolean;
  /** what is being fetched, the dialog's name ('Buscando dados...') */
  text: string;
  /** the way out once the wait is slow ('Voltar para minha conta', 'Cancelar consulta') */
  leaveLabel: string;
  onLeave: () => void;
  /** what the status says once the wait is slow; SLOW_LOOKUP_TEXT (one creditor) by default */
  slowText?: string;
  /** receives focus when the wait ends; by default the element that had it when it began */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The wait for a lookup the upstream may take minutes to answer (the BFF gives up after PROXY_TIMEOUT_MS,
 * docs/upstream-api.md): a spinner first, like the other waits; after SLOW_LOOKUP_MS a polite status says
 * once that the upstream is still being asked (`slowText`), the time waited shows (outside the live
 * region, so it is not read out every second) and a button leaves. The dialog is not marked aria-busy:
 * some screen readers hold back what a busy region's live parts say.
 */
export function LookupWaitModal({ open, ...props }: LookupWaitModalProps) {
  if (!open) return null;
  return <OpenLookupWait {...props} />;
}

function OpenLookupWait({
  text,
  leaveLabel,
  onLeave,
  slowText = SLOW_LOOKUP_TEXT,
  returnFocusRef,
}: Omit<LookupWaitModalProps, 'open'>) {
  const textId = useId();
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const waited = now - started;
  const slow = waited >= SLOW_LOOKUP_MS;
  return (
    <Modal
      open
      name="modalSpinner"
      labelledBy={textId}
      className="modal--spinner lookup-wait"
      returnFocusRef={returnFocusRef}
    >
      <span className="spinner" aria-hidden="true" />
      <p id={textId} className="spinner-text" role="status" aria-live="polite">
        {text}
      </p>
      {/* In the page from the start, so that its one change is announced. */}
      <p className="lookup-wait-slow" role="status" aria-live="polite">
        {slow ? slowText : ''}
      </p>
      {slow ? (
        <>
          <p className="lookup-wait-time">Tempo de espera: {formatWait(waited)}</p>
          <button type="button" className="btn btn-secondary" onClick={onLeave}>
            {leaveLabel}
          </button>
        </>
      ) : null}
    </Modal>
  );
}
