import { type ReactNode, Suspense } from 'react';
import { DelayedSpinnerModal } from './spinner-modal';

/**
 * Where a modal loaded on demand (React.lazy) goes: it is rendered, and so its code fetched, only while
 * `when` holds; a fetch that lasts more than a moment shows 'Carregando...'.
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Suspense fallback={<DelayedSpinnerModal />}>{children}</Suspense> : null;
}
