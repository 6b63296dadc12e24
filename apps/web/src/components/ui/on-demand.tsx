import { type ReactNode, Suspense } from 'react';
import { DelayedSpinnerModal } from './spinner-modal';

/**
 * Where a modal loaded on demand (React.lazy) goes: it is rendered, and so its code fetched, only while
 * `when` holds; a fetch that lasts more than a moment shows 'Carregando...'.
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Suspense fallback={<DelayedSpinnerModal />}>{children}</Suspense> : null;
}

/**
 * A modal's module fetched now, with the page that imports it, for the modal that follows the page's
 * first tap: React.lazy(() => load().then(…)). Should that fetch fail, the modal's first opening asks again.
 */
export function fetchedNow<T>(load: () => Promise<T>): () => Promise<T> {
  const now = load();
  now.catch(() => undefined);
  return () => now.catch(load);
}
