import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * false in a prerendered page until React has hydrated it, true from then on (and at once in a page
 * rendered in the browser). A form's submit waits for it: before that, the browser would submit the
 * form itself, with what was typed in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
