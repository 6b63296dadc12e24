import { type FormEvent, lazy, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PrivacyNoticeText } from '../../components/content/legal-texts';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { ErrorModal } from '../../components/ui/error-modal';
import { ArrowDownIcon } from '../../components/ui/icons';
import { OnDemand } from '../../components/ui/on-demand';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { setPrefill } from '../../lib/forms/prefill';
import { useBackTarget } from '../../lib/navigation/back-target';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { clearRegistrationDraft, peekRegistrationDraft, type RegistrationDraft } from './registration-draft';
import { TERMS_DECLARATION, TermsPageLink } from './registration-terms-modal';
import { useElapsed, useInView } from './use-in-view';
import './registration.css';

// The modals not on the first screen: their code is fetched when they first open.
const RegistrationSuccessModal = lazy(() =>
  import('./registration-success-modal').then((m) => ({ default: m.RegistrationSuccessModal })),
);

/** The policy step checks whether the page was read to its end 900 ms after it opens. */
export const POLICY_SCROLL_CHECK_DELAY_MS = 900;

const SCROLL_HINT = 'Role o texto até o final para habilitar o aceite.';

/** /politica-cadastro: the privacy policy step of the registration, fed by the 'Quase lá' draft. */
export function RegistrationPolicyPage() {
  usePageTitle('Política de Privacidade');
  // Back to the form, which refills itself from the draft (kept).
  useBackTarget(paths.cadastro);
  const [draft] = useState(peekRegistrationDraft);
  if (!draft?.termosAceitos) return <Navigate to={paths.cadastro} replace />;
  return <PolicyStep draft={draft} />;
}

function PolicyStep({ draft }: { draft: RegistrationDraft }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [notificacoes, setNotificacoes] = useState(false);
  const [declaro, setDeclaro] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Registered, but the sign-in after it failed: the person goes to /login.
  const [registeredOnly, setRegisteredOnly] = useState(false);

  // A sentinel after the text: once it has been in view the text has been read to its end. The 900 ms
  // wait lets a short page (sentinel in view from the start) enable the declaration without any scroll.
  const textEndRef = useRef<HTMLDivElement>(null);
  const consentRef = useRef<HTMLFormElement>(null);
  const firstCheckboxRef = useRef<HTMLInputElement>(null);
  const textEndInView = useInView(textEndRef);
  const consentInView = useInView(consentRef);
  const settled = useElapsed(POLICY_SCROLL_CHECK_DELAY_MS);
  const [textRead, setTextRead] = useState(false);

  useEffect(() => {
    if (settled && textEndInView) setTextRead(true);
  }, [settled, textEndInView]);

  // gcTime 0: the registration data leave the mutation cache as soon as possible.
  const registration = trpc.registration.register.useMutation({ gcTime: 0 });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!declaro || registration.isPending) return;
    registration.mutate(
      {
        cpfCnpj: draft.cpfCnpj,
        nome: draft.nome,
        email: draft.email,
        telefone: draft.telefone,
        whatsapp: draft.whatsapp,
        notificacao: notificacoes,
      },
      {
        onSuccess: (result) => {
          clearRegistrationDraft();
          if ('status' in result) {
            setRegisteredOnly(true);
            return;
          }
          utils.auth.session.setData(undefined, result);
          navigate(`${paths.minhaConta}?first=true`, { replace: true });
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const scrollToConsent = () => {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    consentRef.current?.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'end' });
    // Keyboard and screen reader users land where the page scrolled to.
    firstCheckboxRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="page registration-policy">
      <h1 className="page-title" tabIndex={-1}>
        Política de Privacidade
      </h1>
      <p className="page-lead">
        Para concluir o seu cadastro, leia a nossa política de privacidade até o final e confirme o aceite.
      </p>
      {consentInView === false ? (
        <button
          type="button"
          className="registration-scroll-down"
          aria-label="Rolar para baixo"
          onClick={scrollToConsent}
        >
          <ArrowDownIcon />
        </button>
      ) : null}

      <article className="card registration-policy-text">
        <PrivacyNoticeText />
      </article>
      <div ref={textEndRef} className="registration-policy-end" aria-hidden="true" />

      <form ref={consentRef} className="card registration-consent" noValidate onSubmit={submit}>
        <CheckboxField
          ref={firstCheckboxRef}
          name="declaroNotificacoes"
          checked={notificacoes}
          onChange={(event) => setNotificacoes(event.target.checked)}
          label="Aceito receber notificações de promoções e ofertas."
        />
        <CheckboxField
          name="declaro"
          checked={declaro}
          disabled={!textRead}
          onChange={(event) => setDeclaro(event.target.checked)}
          label={TERMS_DECLARATION}
          hint={textRead ? undefined : SCROLL_HINT}
        />
        <TermsPageLink />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={!declaro || registration.isPending}
        >
          Cadastrar
        </button>
      </form>

      <SpinnerModal open={registration.isPending} />
      <ErrorModal
        open={failure !== null}
        title="Não foi possível concluir o cadastro"
        message={failure ?? ''}
        onClose={() => setFailure(null)}
      />
      <OnDemand when={registeredOnly}>
        <RegistrationSuccessModal
          open={registeredOnly}
          onLogin={() => {
            setPrefill(draft.cpfCnpj);
            navigate(paths.login, { replace: true });
          }}
        />
      </OnDemand>
    </div>
  );
}
