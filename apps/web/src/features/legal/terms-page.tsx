import { usePageTitle } from '../../lib/page-title';

/** Placeholder, being built. */
export function TermsPage() {
  usePageTitle('Termos de Uso');
  return (
    <div className="page page--narrow">
      <h1 className="page-title" tabIndex={-1}>
        Termos de Uso
      </h1>
    </div>
  );
}
