import { lazy, Suspense } from 'react';
import { PartnerPlaceholders } from './partner-cards';

// The list's code (it calls the BFF) is asked for as soon as the page's is evaluated.
const loadingList = import('./partner-list');
const PartnerList = lazy(() => loadingList);

/** The 'parceiros' section: the partner creditors' logos (partner-list.tsx, an island of the page). */
export function PartnersSection() {
  return (
    <section id="parceiros" className="section" aria-labelledby="parceiros-titulo">
      <div className="container">
        <h2 id="parceiros-titulo" className="section-title" tabIndex={-1}>
          Empresas parceiras
        </h2>
        <p className="section-lead">Negocie com as lojas e financeiras que fazem parte do portal.</p>
        <Suspense fallback={<PartnerPlaceholders />}>
          <PartnerList />
        </Suspense>
      </div>
    </section>
  );
}
