import { usePageTitle } from '../../lib/page-title';

/** Placeholder, being built. */
export function ForgotPasswordPage() {
  usePageTitle('Esqueceu a senha?');
  return (
    <div className="page page--narrow">
      <h1 className="page-title" tabIndex={-1}>
        Esqueceu a senha?
      </h1>
    </div>
  );
}
