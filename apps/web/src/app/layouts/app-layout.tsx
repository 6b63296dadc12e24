import type { ReactNode } from 'react';
import { BackTargetProvider } from '../../lib/navigation/back-target';
import { SiteFooter } from './site-footer';

export const MAIN_ID = 'conteudo';

/** Skip link, the page's header, <main> with the page (the router's <Outlet /> in the app) and the footer. */
export function AppLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <BackTargetProvider>
      <div className="app">
        <a className="skip-link" href={`#${MAIN_ID}`}>
          Ir para o conteúdo
        </a>
        {header}
        <main id={MAIN_ID} tabIndex={-1} className="app-main">
          {children}
        </main>
        <SiteFooter />
      </div>
    </BackTargetProvider>
  );
}
