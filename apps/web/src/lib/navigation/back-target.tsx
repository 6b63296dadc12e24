import { createContext, type ReactNode, use, useEffect, useRef, useState } from 'react';

/** Where the header's back button of the current page leads, and what it hands over on the way. */
interface BackTarget {
  to: string;
  /** Runs just before the navigation, e.g. to hand a document over in memory (lib/forms/prefill.ts). */
  onNavigate?: () => void;
}

interface BackTargetStore {
  target: BackTarget | null;
  setTarget: (target: BackTarget | null) => void;
}

const BackTargetContext = createContext<BackTargetStore | null>(null);

/** Shared by a layout's header and its page (AppLayout provides it). */
export function BackTargetProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<BackTarget | null>(null);
  return <BackTargetContext value={{ target, setTarget }}>{children}</BackTargetContext>;
}

/**
 * A page sets where the header's back button goes while it is shown (/esqueceu-senha goes back
 * to /login with the document, /recuperar-senha to /esqueceu-senha, /politica-cadastro to /cadastro).
 * Without it the back button goes to the layout's default.
 */
export function useBackTarget(to: string, onNavigate?: () => void): void {
  const store = use(BackTargetContext);
  const onNavigateRef = useRef(onNavigate);
  onNavigateRef.current = onNavigate;
  const setTarget = store?.setTarget;
  useEffect(() => {
    if (!setTarget) return;
    setTarget({ to, onNavigate: () => onNavigateRef.current?.() });
    return () => setTarget(null);
  }, [setTarget, to]);
}

/** The current page's back target, or null for the layout's default. */
export function useCurrentBackTarget(): BackTarget | null {
  return use(BackTargetContext)?.target ?? null;
}
