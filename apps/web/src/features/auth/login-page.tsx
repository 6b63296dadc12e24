import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ErrorModal } from '../../components/ui/error-modal';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { clearPrefill, peekPrefill } from '../../lib/prefill';
import { trpc } from '../../lib/trpc';
import { LoginForm, type LoginFormValues } from './login-form';

export function LoginPage() {
  usePageTitle('Fazer login');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // The home banner's or a link's document (in memory, lib/prefill.ts); read once, when the page opens.
  const [initialDocument] = useState(peekPrefill);
  const [failure, setFailure] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    clearPrefill();
  }, []);

  // gcTime 0: the mutation's variables (document and password) leave memory as soon as possible.
  const signIn = trpc.auth.signIn.useMutation({ gcTime: 0 });

  const submit = (values: LoginFormValues) => {
    signIn.mutate(values, {
      onSuccess: (view) => {
        utils.auth.session.setData(undefined, view);
        navigate(paths.minhaConta, { replace: true });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <div className="page page--narrow">
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Fazer login
        </h1>
        <p className="page-lead">Entre com o seu CPF ou CNPJ e a sua senha para ver as suas dívidas.</p>
        <LoginForm
          onSubmit={submit}
          defaultDocument={initialDocument}
          pending={signIn.isPending}
          passwordRef={passwordRef}
        />
      </div>
      <ErrorModal
        open={failure !== null}
        title="Não foi possível entrar"
        message={failure ?? ''}
        onClose={() => setFailure(null)}
        returnFocusRef={passwordRef}
      />
    </div>
  );
}
