import { usePageTitle } from '../../lib/page-title';

/** Placeholder, being built. */
export function RegistrationPage() {
  usePageTitle('Quase lá');
  return (
    <div className="page page--narrow">
      <h1 className="page-title" tabIndex={-1}>
        Quase lá
      </h1>
    </div>
  );
}
