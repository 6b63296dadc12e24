import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { AlertIcon, CheckIcon } from './icons';

type ModalTone = 'neutral' | 'error' | 'success' | 'warning';

interface ModalProps {
  open: boolean;
  /** The dialog's name: an `<h2>` referenced by `aria-labelledby`. */
  title?: ReactNode;
  /** Keeps the title for assistive technology only. */
  hideTitle?: boolean;
  /** Names the dialog by an element of its content instead of a title (e.g. the spinner's text). */
  labelledBy?: string;
  /** Text referenced by `aria-describedby` (read out when the dialog opens). */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom. */
  actions?: ReactNode;
  /** Makes the modal closable: Escape and a click on the backdrop call it. Without it nothing closes it. */
  onClose?: () => void;
  role?: 'dialog' | 'alertdialog';
  /** 'default' up to 450px wide, 'wide' up to 650px; 'side' is a sidebar sliding from the right. */
  size?: 'default' | 'wide' | 'side';
  tone?: ModalTone;
  busy?: boolean;
  /** Receives focus on open; by default the first focusable element, or the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Receives focus on close; by default the element that had it when the modal opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** This modal's identifier (e.g. 'modalErroConsulta'), kept as `data-modal` on the dialog. */
  name?: string;
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

// Open modals, innermost last. Everything in <body> but the innermost one is made inert and the page
// stops scrolling while any is open.
const stack: HTMLElement[] = [];
/** The open dialogs as they were put on screen (before their focus moves in), the last on top. */
const shown: HTMLElement[] = [];
const madeInert = new Set<Element>();

function syncBackground(): void {
  const top = stack.at(-1);
  for (const element of Array.from(document.body.children)) {
    if (element.tagName === 'SCRIPT') continue;
    const shouldBeInert = top !== undefined && element !== top;
    if (shouldBeInert && !element.hasAttribute('inert')) {
      element.setAttribute('inert', '');
      madeInert.add(element);
    } else if (!shouldBeInert && madeInert.has(element)) {
      element.removeAttribute('inert');
      madeInert.delete(element);
    }
  }
  document.body.classList.toggle('has-modal', top !== undefined);
}

const TONE_ICON: Record<ModalTone, ReactNode> = {
  neutral: null,
  error: <AlertIcon className="modal-icon" />,
  warning: <AlertIcon className="modal-icon" />,
  success: <CheckIcon className="modal-icon" />,
};

/**
 * One accessible modal for the whole portal: portal into <body>, `aria-modal`, labelled by its title,
 * focus moved inside on open, trapped (Tab / Shift+Tab cycle), restored on close; Escape and the
 * backdrop close it only when `onClose` is given.
 */
export function Modal({ open, ...props }: ModalProps) {
  if (!open) return null;
  return <OpenModal {...props} />;
}

function OpenModal({
  title,
  hideTitle = false,
  labelledBy,
  description,
  children,
  actions,
  onClose,
  role = 'dialog',
  size = 'default',
  tone = 'neutral',
  busy = false,
  initialFocusRef,
  returnFocusRef,
  name,
  className,
}: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // Escape closes the topmost dialog from the moment it is on screen, even pressed before focus has
  // reached it (a busy page moves focus a moment after the dialog shows); inside it, the dialog's own
  // handler answers first and stops the key there.
  useLayoutEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay) return;
    shown.push(overlay);
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || shown.at(-1) !== overlay) return;
      if (!closeRef.current) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      shown.splice(shown.indexOf(overlay), 1);
    };
  }, []);

  useEffect(() => {
    const overlay = overlayRef.current;
    const dialog = dialogRef.current;
    if (!overlay || !dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(overlay);
    syncBackground();
    const target = initialFocusRef?.current ?? focusableIn(dialog)[0] ?? dialog;
    target.focus();
    return () => {
      const index = stack.indexOf(overlay);
      if (index >= 0) stack.splice(index, 1);
      syncBackground();
      // Back to where the user was, unless that element is gone or focus has already moved elsewhere.
      const active = document.activeElement;
      const focusWasInside = active === null || active === document.body || overlay.contains(active);
      const back = returnFocusRef?.current ?? previous;
      if (back?.isConnected && focusWasInside) back.focus();
    };
  }, [initialFocusRef, returnFocusRef]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      if (onClose) {
        event.stopPropagation();
        event.preventDefault();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(dialog);
    const first = items[0];
    const last = items.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose?.();
  };

  const dialogProps = {
    ref: dialogRef,
    'aria-labelledby': labelledBy ?? titleId,
    'aria-describedby': description ? descriptionId : undefined,
    'aria-busy': busy || undefined,
    tabIndex: -1,
    'data-modal': name,
    className: ['modal', `modal--${size}`, `modal--${tone}`, className].filter(Boolean).join(' '),
    onKeyDown,
  };
  const content = (
    <>
      {TONE_ICON[tone]}
      {title !== undefined ? (
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'modal-title'}>
          {title}
        </h2>
      ) : null}
      {description ? (
        <div id={descriptionId} className="modal-description">
          {description}
        </div>
      ) : null}
      {children}
      {actions ? <div className="modal-actions">{actions}</div> : null}
    </>
  );

  return createPortal(
    // The backdrop's click is a pointer shortcut; Escape (handled on the dialog) is its keyboard equivalent.
    // biome-ignore lint/a11y/noStaticElementInteractions: backdrop click, Escape is the keyboard path
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click, Escape is the keyboard path
    <div
      ref={overlayRef}
      className={`modal-overlay modal-overlay--${size === 'side' ? 'side' : 'center'}`}
      onClick={onBackdropClick}
    >
      {role === 'alertdialog' ? (
        <div role="alertdialog" aria-modal="true" {...dialogProps}>
          {content}
        </div>
      ) : (
        <div role="dialog" aria-modal="true" {...dialogProps}>
          {content}
        </div>
      )}
    </div>,
    document.body,
  );
}
