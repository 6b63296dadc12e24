import { type FormEvent, lazy, Suspense, useState } from 'react';
import { BackLink } from '../../components/ui/back-link';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { ErrorModal } from '../../components/ui/error-modal';
import { QueryErrorModal } from '../../components/ui/query-error-modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './account.css';

// Its choices are checked with the procedures' schema: its code (and zod) comes after the page's own.
const RemindersSection = lazy(() =>
  import('./reminders-section').then((m) => ({ default: m.RemindersSection })),
);

/** The consent's wording at registration, so the user recognises what they agreed to. */
export const CONSENT_LABEL = 'Aceito receber notificações de promoções e ofertas.';
export const SAVED_ON = 'Pronto! Você voltará a receber nossas promoções e ofertas.';
export const SAVED_OFF = 'Pronto! Você não receberá mais promoções e ofertas.';

/**
 * /mais-opcoes/notificacoes: the marketing consent given (or not) at registration, seen and changed at
 * any time. LGPD art. 8 §5: revoking it is free and as easy as giving it. Messages about the user's own
 * agreements (boletos, confirmations) are not marketing and keep coming; the reminders of due dates are
 * chosen, paused or stopped in their own section.
 */
export function NotificationsPage() {
  usePageTitle('Notificações');
  const profile = trpc.account.profile.useQuery(undefined, { gcTime: 0 });
  return (
    <div className="page page--narrow">
      <BackLink to={paths.maisOpcoes} label="Mais opções" />
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Notificações
        </h1>
        <p className="page-lead">
          Escolha se quer receber promoções e ofertas dos credores parceiros por e-mail, SMS e WhatsApp.
        </p>
        {profile.data ? <ConsentForm initial={profile.data.notificacao} /> : null}
        <p className="field-hint">
          Você pode mudar de ideia quando quiser, sem custo. Avisos sobre os seus acordos (boletos e
          confirmações) não são promoções e continuam chegando pelos contatos do seu cadastro. Os lembretes de
          vencimento das parcelas você escolhe abaixo.
        </p>
        <Suspense fallback={null}>
          <RemindersSection />
        </Suspense>
      </div>
      <SpinnerModal open={profile.isPending} text="Buscando dados..." />
      <QueryErrorModal
        open={profile.isError && !isUnauthorized(profile.error)}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    </div>
  );
}

function ConsentForm({ initial }: { initial: boolean }) {
  const [accepted, setAccepted] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const save = trpc.account.setNotifications.useMutation({
    onError: (error) => setFailure(errorMessage(error)),
  });
  const saved = save.data?.notificacao;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ notificacao: accepted });
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <CheckboxField
        name="notificacao"
        checked={accepted}
        onChange={(event) => {
          setAccepted(event.target.checked);
          save.reset();
        }}
        label={CONSENT_LABEL}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending}>
        Salvar
      </button>
      <div role="status">
        {saved === undefined ? null : <p className="account-notice">{saved ? SAVED_ON : SAVED_OFF}</p>}
      </div>
      <SpinnerModal open={save.isPending} text="Carregando" />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </form>
  );
}
