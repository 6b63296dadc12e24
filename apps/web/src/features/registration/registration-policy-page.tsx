import { usePageTitle } from '../../lib/page-title';

/** Placeholder, being built. */
export function RegistrationPolicyPage() {
  usePageTitle('Política de Privacidade');
  return (
    <div className="page page--narrow">
      <h1 className="page-title" tabIndex={-1}>
        Política de Privacidade
      </h1>
    </div>
  );
}
