import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/api/trpc';
import { loadGoogleIdentity } from '../../lib/browser/google-identity';

/** Google draws its button between these widths (pixels). */
const MIN_BUTTON_WIDTH = 200;
const MAX_BUTTON_WIDTH = 400;

function buttonWidth(container: HTMLElement): number {
  const available = Math.floor(container.getBoundingClientRect().width) || MAX_BUTTON_WIDTH;
  return Math.max(MIN_BUTTON_WIDTH, Math.min(MAX_BUTTON_WIDTH, available));
}

interface GoogleSignInProps {
  /** Receives the ID token Google hands over after the user chose an account. */
  onCredential: (credential: string) => void;
}

/**
 * Google one-tap and its 'Fazer login com o Google' button (no automatic sign-in), under an 'ou'
 * separator. Nothing at all when the BFF has no client id or Google's script cannot be loaded.
 */
export function GoogleSignIn({ onCredential }: GoogleSignInProps) {
  const options = trpc.auth.options.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const clientId = options.data?.googleClientId ?? null;
  const scriptUrl = options.data?.googleScriptUrl ?? null;
  const [ready, setReady] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;

  useEffect(() => {
    if (!clientId || !scriptUrl) return;
    let active = true;
    let shown: { cancel: () => void } | null = null;
    loadGoogleIdentity(scriptUrl).then(
      (identity) => {
        const container = containerRef.current;
        if (!active || !container) return;
        identity.initialize({
          client_id: clientId,
          callback: ({ credential }) => onCredentialRef.current(credential),
          auto_select: false,
          cancel_on_tap_outside: true,
          context: 'signin',
          ux_mode: 'popup',
          itp_support: true,
        });
        identity.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          locale: 'pt-BR',
          width: buttonWidth(container),
        });
        identity.prompt();
        shown = identity;
        setReady(true);
      },
      () => {
        // Unreachable or blocked: the page simply offers the other ways to sign in.
        if (active) setReady(false);
      },
    );
    return () => {
      active = false;
      shown?.cancel();
    };
  }, [clientId, scriptUrl]);

  if (!clientId || !scriptUrl) return null;
  return (
    <div className="auth-google">
      {ready ? (
        <p className="auth-separator">
          <span>ou</span>
        </p>
      ) : null}
      <div ref={containerRef} className="auth-google-button" />
    </div>
  );
}
