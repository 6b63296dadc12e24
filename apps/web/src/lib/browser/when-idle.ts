import { type DependencyList, useEffect } from 'react';

/**
 * Runs `work` once the page has loaded and the browser is then idle (a moment after, where it cannot tell),
 * so that what it fetches never competes with what the page itself needs; answers how to call it off.
 */
function whenIdle(work: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(work);
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(work, 0);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/** `whenIdle` after each render whose `deps` changed; called off when they change again or on unmount. */
export function useWhenIdle(work: () => void, deps: DependencyList): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what `work` depends on
  useEffect(() => whenIdle(work), deps);
}
