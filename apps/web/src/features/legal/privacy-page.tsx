import { usePageTitle } from '../../lib/page-title';

/** Placeholder, being built. */
export function PrivacyPage() {
  usePageTitle('Aviso de Privacidade');
  return (
    <div className="page page--narrow">
      <h1 className="page-title" tabIndex={-1}>
        Aviso de Privacidade
      </h1>
    </div>
  );
}
