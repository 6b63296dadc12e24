import { type DependencyList, useEffect } from 'react';

/** Runs `work` once the browser is idle (after this task where it cannot tell); answers how to call it off. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/** `whenIdle` after each render whose `deps` changed; called off when they change again or on unmount. */
export function useWhenIdle(work: () => void, deps: DependencyList): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what `work` depends on
  useEffect(() => whenIdle(work), deps);
}
