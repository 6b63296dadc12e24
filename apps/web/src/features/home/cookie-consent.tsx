import { type RefObject, useRef, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { useHydrated } from '../../lib/forms/hydrated';
import { paths } from '../../lib/navigation/paths';
import { useSiteNavigate } from '../../lib/navigation/site-navigation';
import { readConsent, writeConsent } from '../../lib/tracking/consent-cookie';

interface CookieConsentProps {
  /** Where focus goes after a choice: the page's <h1>, so the visitor starts at the top of the page. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/**
 * 'modalCookies': shown while the browser holds no choice. A decision is needed, so Escape and
 * the backdrop do not close it; accepting and refusing are equally easy (same size and style, LGPD).
 */
export function CookieConsent({ returnFocusRef }: CookieConsentProps) {
  const navigate = useSiteNavigate();
  // Closed in the prerendered page and while it hydrates (a dialog is never part of the HTML), then open
  // while the browser holds no choice.
  const undecided = useHydrated() && readConsent() === null;
  const [dismissed, setDismissed] = useState(false);
  const open = undecided && !dismissed;
  // The dialog opens on its text, not on 'Aceitar': no choice is pre-selected for the visitor.
  const textRef = useRef<HTMLParagraphElement>(null);

  const decide = (accepted: boolean) => {
    writeConsent(accepted);
    setDismissed(true);
  };

  const learnMore = () => {
    setDismissed(true);
    navigate(paths.politicaGeral);
  };

  return (
    <Modal
      open={open}
      name="modalCookies"
      className="cookie-consent"
      title="Este portal usa cookies"
      initialFocusRef={textRef}
      returnFocusRef={returnFocusRef}
      description={
        <>
          <p ref={textRef} tabIndex={-1}>
            Usamos apenas os cookies necessários para manter a sua sessão e proteger o seu acesso.
          </p>
          <p>
            A sua escolha fica guardada neste navegador por um ano. Você pode saber mais no nosso Aviso de
            Privacidade.
          </p>
        </>
      }
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => decide(true)}>
            Aceitar
          </button>
          <button type="button" className="btn btn-primary" onClick={() => decide(false)}>
            Recusar
          </button>
          <button type="button" className="btn btn-primary" onClick={learnMore}>
            Saiba mais
          </button>
        </>
      }
    />
  );
}
