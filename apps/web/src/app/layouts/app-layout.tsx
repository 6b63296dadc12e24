import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { BackTargetProvider } from '../../lib/back-target';
import { SiteFooter } from './site-footer';

export const MAIN_ID = 'conteudo';

/** Skip link, the page's header, <main> and the footer. */
export function AppLayout({ header, children }: { header: ReactNode; children?: ReactNode }) {
  return (
    <BackTargetProvider>
      <div className="app">
        <a className="skip-link" href={`#${MAIN_ID}`}>
          Ir para o conteúdo
        </a>
        {header}
        <main id={MAIN_ID} tabIndex={-1} className="app-main">
          {children ?? <Outlet />}
        </main>
        <SiteFooter />
      </div>
    </BackTargetProvider>
  );
}
