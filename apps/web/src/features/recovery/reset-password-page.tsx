import { usePageTitle } from '../../lib/page-title';

/** Placeholder, being built. */
export function ResetPasswordPage() {
  usePageTitle('Recuperar senha');
  return (
    <div className="page page--narrow">
      <h1 className="page-title" tabIndex={-1}>
        Recuperar senha
      </h1>
    </div>
  );
}
