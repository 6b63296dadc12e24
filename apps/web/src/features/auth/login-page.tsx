import { normalizeDocument } from '@portal/validation/document';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ErrorModal } from '../../components/ui/error-modal';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { clearPrefill, peekPrefill } from '../../lib/prefill';
import { trpc } from '../../lib/trpc';
import { LoginForm, type LoginFormValues } from './login-form';

const LINK_PARAM = 'cpfCnpj';

/** A document from a `?cpfCnpj=` link, or null. Only its letters and digits are kept. */
function documentFromLink(value: string | null): string | null {
  const document = normalizeDocument(value ?? '').slice(0, 14);
  return document === '' ? null : document;
}

export function LoginPage() {
  usePageTitle('Fazer login');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const utils = trpc.useUtils();
  // The home banner's document (in memory), else one from a link; read once, when the page opens.
  const [initialDocument] = useState(() => peekPrefill() ?? documentFromLink(searchParams.get(LINK_PARAM)));
  const [failure, setFailure] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // The document must not stay in the address bar or the history: consume it, drop the query string.
  useEffect(() => {
    clearPrefill();
  }, []);
  const hasLinkDocument = searchParams.has(LINK_PARAM);
  useEffect(() => {
    if (hasLinkDocument) navigate(paths.login, { replace: true });
  }, [hasLinkDocument, navigate]);

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
