import { type RefObject, useEffect, useId, useState } from 'react';
import { Modal } from './modal';

interface SpinnerModalProps {
  open: boolean;
  /** The modalSpinner text; 'Carregando...' by default. */
  text?: string;
  /** Receives focus when the wait is over (by default the element focused before it). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** A wait the user cannot dismiss: `aria-busy`, the text in a polite live region. */
export function SpinnerModal({ open, text = 'Carregando...', returnFocusRef }: SpinnerModalProps) {
  const textId = useId();
  return (
    <Modal
      open={open}
      name="modalSpinner"
      labelledBy={textId}
      busy
      className="modal--spinner"
      returnFocusRef={returnFocusRef}
    >
      <span className="spinner" aria-hidden="true" />
      <p id={textId} className="spinner-text" role="status" aria-live="polite">
        {text}
      </p>
    </Modal>
  );
}

// A wait shorter than this shows nothing: no flash when the code of a page or modal arrives quickly.
const SPINNER_DELAY_MS = 400;

/** The same wait for code loaded on demand, shown only once it has lasted a moment. */
export function DelayedSpinnerModal() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return <SpinnerModal open={shown} />;
}
