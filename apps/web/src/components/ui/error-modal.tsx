import type { RefObject } from 'react';
import { Modal } from './modal';

interface ErrorModalProps {
  open: boolean;
  /** The server's message, shown as it came (already Portuguese). */
  message: string;
  onClose: () => void;
  /** Adds a 'Tentar novamente' button. */
  onRetry?: (() => void) | undefined;
  title?: string;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** 'modalError': an `alertdialog` with the message, 'Tentar novamente' (optional) and 'Fechar'. */
export function ErrorModal({
  open,
  message,
  onClose,
  onRetry,
  title = 'Algo deu errado',
  returnFocusRef,
}: ErrorModalProps) {
  return (
    <Modal
      open={open}
      name="modalError"
      role="alertdialog"
      tone="error"
      title={title}
      description={<p>{message}</p>}
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={
        <>
          {onRetry ? (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Tentar novamente
            </button>
          ) : null}
          <button
            type="button"
            className={onRetry ? 'btn btn-secondary' : 'btn btn-primary'}
            onClick={onClose}
          >
            Fechar
          </button>
        </>
      }
    />
  );
}
