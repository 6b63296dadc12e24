import { useEffect } from 'react';

const BRAND = 'Negocia Varejo';

/** 'Fazer login | Negocia Varejo'; the brand alone when no page title is given. */
function pageTitle(title?: string): string {
  return title ? `${title} | ${BRAND}` : BRAND;
}

// The prerender (prerender.tsx) reads the title of the page it just rendered: effects do not run there.
let renderedTitle = BRAND;

/** The title the last page rendered on the server asked for. */
export function lastRenderedTitle(): string {
  return renderedTitle;
}

export function usePageTitle(title?: string): void {
  if (typeof document === 'undefined') renderedTitle = pageTitle(title);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
