import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether an element is (at least partly) inside the viewport, kept up to date as the page scrolls or
 * resizes; null until the first observation. Where IntersectionObserver is missing it answers true, so
 * nothing that waits for it can lock the user out.
 */
export function useInView(ref: RefObject<Element | null>): boolean | null {
  const [inView, setInView] = useState<boolean | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver !== 'function') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const latest = entries.at(-1);
      if (latest) setInView(latest.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  return inView;
}

/** True once `ms` have passed since mount. */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
