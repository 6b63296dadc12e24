import { useEffect } from 'react';

export const BRAND = 'Negocia Varejo';

/** 'Fazer login | Negocia Varejo'; the brand alone when no page title is given. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${BRAND}` : BRAND;
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
