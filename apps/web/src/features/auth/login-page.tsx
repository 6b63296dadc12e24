import { isValidDocument, normalizeDocument } from '@portal/validation/document';
import { lazy, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorModal } from '../../components/ui/error-modal';
import { OnDemand } from '../../components/ui/on-demand';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { handOverFirstScreen } from '../../lib/api/handed-over';
import { type RouterOutputs, trpc } from '../../lib/api/trpc';
import { clearPrefill, peekPrefill, setPrefill } from '../../lib/forms/prefill';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { takeReturnTo } from '../../lib/navigation/return-to';
import './auth.css';
import { GoogleSignIn } from './google-sign-in';
import { LoginForm, type LoginFormValues } from './login-form';

// The modals not on the first screen: their code is fetched when they first open.
const IdentityQuestionModal = lazy(() =>
  import('./identity-question-modal').then((m) => ({ default: m.IdentityQuestionModal })),
);
const GoogleUnregisteredModal = lazy(() =>
  import('./google-unregistered-modal').then((m) => ({ default: m.GoogleUnregisteredModal })),
);

/** The tRPC error code the BFF answered with, if any. */
function trpcCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  return typeof data.code === 'string' ? data.code : undefined;
}

/** The BFF's answer to a Google account without registration ('E-mail não cadastrado.'). */
const isNotFound = (error: unknown) => trpcCode(error) === 'NOT_FOUND';

/**
 * After a few wrong answers (or too many attempts) the BFF drops the question and says the verification
 * expired: the question modal then closes, and 'Entrar respondendo a uma pergunta' asks for a new one.
 */
function challengeEnded(error: unknown): boolean {
  const code = trpcCode(error);
  return code === 'TOO_MANY_REQUESTS' || code === 'PRECONDITION_FAILED';
}

interface Failure {
  message: string;
  /** Where focus goes when the error modal closes; by default back where it was. */
  returnFocusRef?: RefObject<HTMLElement | null> | undefined;
}

export function LoginPage() {
  usePageTitle('Fazer login');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // The home banner's or a link's document (in memory, lib/forms/prefill.ts); read once, when the page opens.
  const [initialDocument] = useState(peekPrefill);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [question, setQuestion] = useState<string | null>(null);
  const [googleUnregistered, setGoogleUnregistered] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const documentRef = useRef<HTMLInputElement>(null);
  const answerRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    clearPrefill();
  }, []);

  // gcTime 0: the mutations' variables (document, password, answer, credential) leave memory at once.
  const signIn = trpc.auth.signIn.useMutation({ gcTime: 0 });
  const startChallenge = trpc.auth.startChallenge.useMutation({ gcTime: 0 });
  const answerChallenge = trpc.auth.answerChallenge.useMutation({ gcTime: 0 });
  const signInWithGoogle = trpc.auth.signInWithGoogle.useMutation({ gcTime: 0 });

  /**
   * Every way in ends here: the session is known at once, then the interrupted journey page or Minha conta,
   * whose first screen came with the answer (when the upstream gave it in time).
   * flushSync commits the new page before the session's change reaches the guest-only guard of /login,
   * whose own redirect (to Minha conta) would otherwise win over the journey page.
   */
  const enter = ({ primeiraTela, ...view }: RouterOutputs['auth']['signIn']) => {
    if (primeiraTela) handOverFirstScreen(utils, primeiraTela);
    utils.auth.session.setData(undefined, view);
    void navigate(takeReturnTo(paths.minhaConta), { replace: true, flushSync: true });
  };

  /** The links to recovery and registration take a valid typed document along, in memory only. */
  const handOverDocument = () => {
    const typed = documentRef.current?.value ?? '';
    if (isValidDocument(typed)) setPrefill(normalizeDocument(typed));
  };

  const submit = (values: LoginFormValues) => {
    signIn.mutate(values, {
      onSuccess: enter,
      onError: (error) => setFailure({ message: errorMessage(error), returnFocusRef: passwordRef }),
    });
  };

  const askQuestion = (cpfCnpj: string) => {
    startChallenge.mutate(
      { cpfCnpj },
      {
        onSuccess: ({ pergunta }) => setQuestion(pergunta),
        onError: (error) => setFailure({ message: errorMessage(error) }),
      },
    );
  };

  const answer = (resposta: string) => {
    answerChallenge.mutate(
      { resposta },
      {
        onSuccess: (view) => {
          setQuestion(null);
          enter(view);
        },
        onError: (error) => {
          const message = errorMessage(error);
          const ended = challengeEnded(error);
          if (ended) setQuestion(null);
          setFailure({ message, returnFocusRef: ended ? undefined : answerRef });
        },
      },
    );
  };

  const signInWithCredential = (credential: string) => {
    signInWithGoogle.mutate(
      { credential },
      {
        onSuccess: enter,
        onError: (error) => {
          if (isNotFound(error)) setGoogleUnregistered(true);
          else setFailure({ message: errorMessage(error) });
        },
      },
    );
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
          documentRef={documentRef}
          onChallenge={askQuestion}
          afterPassword={
            <p className="auth-forgot">
              <Link to={paths.esqueceuSenha} className="auth-link" onClick={handOverDocument}>
                Esqueci minha senha
              </Link>
            </p>
          }
        />
        <GoogleSignIn onCredential={signInWithCredential} />
        <p className="auth-signup">
          Ainda não tem cadastro?{' '}
          <Link to={paths.cadastro} className="auth-link" onClick={handOverDocument}>
            Cadastre-se
          </Link>
        </p>
      </div>

      <OnDemand when={question !== null}>
        <IdentityQuestionModal
          question={question}
          pending={answerChallenge.isPending}
          onAnswer={answer}
          onCancel={() => setQuestion(null)}
          answerRef={answerRef}
        />
      </OnDemand>
      <OnDemand when={googleUnregistered}>
        <GoogleUnregisteredModal
          open={googleUnregistered}
          onClose={() => setGoogleUnregistered(false)}
          onRecover={handOverDocument}
        />
      </OnDemand>
      <SpinnerModal open={startChallenge.isPending || signInWithGoogle.isPending} />
      <ErrorModal
        open={failure !== null}
        title="Não foi possível entrar"
        message={failure?.message ?? ''}
        onClose={() => setFailure(null)}
        returnFocusRef={failure?.returnFocusRef}
      />
    </div>
  );
}
