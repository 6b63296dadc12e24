/**
 * Google Identity Services (one-tap and its button), loaded only when the BFF names a client id: the
 * tiny part of `google.accounts.id` the sign-in page uses, typed here instead of a types package.
 */

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) the BFF verifies before anything else. */
  credential: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  auto_select: boolean;
  cancel_on_tap_outside: boolean;
  context: 'signin';
  ux_mode: 'popup';
  itp_support: boolean;
}

export interface GoogleButtonConfiguration {
  type: 'standard';
  theme: 'outline';
  size: 'large';
  text: 'signin_with';
  locale: 'pt-BR';
  /** In pixels; Google accepts 200 to 400. */
  width: number;
}

export interface GoogleIdentity {
  initialize(configuration: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
  prompt(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

const GOOGLE_LOAD_TIMEOUT_MS = 10_000;

/** The library once it is there, or null. */
function currentIdentity(): GoogleIdentity | null {
  return window.google?.accounts?.id ?? null;
}

// The loads under way, one per script address; once settled the library is there (or a later visit retries).
const loads = new Map<string, Promise<GoogleIdentity>>();

/**
 * Injects `<script src async>` (our CSP admits Google's script only when a client id is configured) once,
 * and resolves when `window.google.accounts.id` exists. Rejects on a load error or after 10 s.
 */
export function loadGoogleIdentity(
  src: string,
  { timeoutMs = GOOGLE_LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<GoogleIdentity> {
  const ready = currentIdentity();
  if (ready) return Promise.resolve(ready);
  const pending = loads.get(src);
  if (pending) return pending;

  const load = new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (identity: GoogleIdentity | null) => {
      clearTimeout(timer);
      script.removeEventListener('load', onLoad);
      script.removeEventListener('error', onError);
      loads.delete(src);
      if (identity) {
        resolve(identity);
        return;
      }
      script.remove();
      reject(new Error('Google Identity Services unavailable'));
    };
    const onLoad = () => settle(currentIdentity());
    const onError = () => settle(null);
    timer = setTimeout(onError, timeoutMs);
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    document.head.append(script);
  });
  loads.set(src, load);
  return load;
}
