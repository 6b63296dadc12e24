import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { ErrorModal } from '../../components/ui/error-modal';
import { MailIcon, PhoneIcon } from '../../components/ui/icons';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { setPrefill } from '../../lib/forms/prefill';
import { useBackTarget } from '../../lib/navigation/back-target';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import {
  clearRecoveryHandoff,
  peekRecoveryHandoff,
  type RecoveryHandoff,
  setRecoveryHandoff,
} from './recovery-handoff';
import './recovery.css';

const RESENT_MESSAGE = 'Enviamos novamente a senha temporária.';

/** /recuperar-senha: where the temporary password went. Without /esqueceu-senha's hand-off, back there. */
export function RecoverySentPage() {
  usePageTitle('Recuperar senha');
  const [handoff] = useState(peekRecoveryHandoff);
  if (!handoff) return <Navigate to={paths.esqueceuSenha} replace />;
  return <RecoverySent initial={handoff} />;
}

function RecoverySent({ initial }: { initial: RecoveryHandoff }) {
  const [handoff, setHandoff] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  // Resends that succeeded; the announcement follows in an effect, once the spinner has left and the
  // page is no longer inert, so screen readers hear it.
  const [resent, setResent] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (resent > 0) setAnnouncement(RESENT_MESSAGE);
  }, [resent]);

  const leaveWithDocument = () => {
    setPrefill(handoff.cpfCnpj);
    clearRecoveryHandoff();
  };

  useBackTarget(paths.esqueceuSenha, leaveWithDocument);

  // gcTime 0: the document leaves the mutation cache at once.
  const send = trpc.recovery.send.useMutation({ gcTime: 0 });

  const resend = () => {
    setAnnouncement('');
    send.mutate(
      { cpfCnpj: handoff.cpfCnpj },
      {
        onSuccess: ({ id, email, telefone }) => {
          const next = { cpfCnpj: handoff.cpfCnpj, id, email, telefone };
          setRecoveryHandoff(next);
          setHandoff(next);
          setResent((count) => count + 1);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <div className="page page--narrow">
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Recuperar senha
        </h1>
        <p className="page-lead">
          Enviamos uma nova senha temporária para o e-mail e o celular do seu cadastro. Use-a para entrar. No
          e-mail há também um link para você criar uma senha nova.
        </p>
        <ul className="recovery-contacts">
          {handoff.email ? (
            <li>
              <MailIcon className="icon-sm" />
              <span>E-mail enviado para {handoff.email}</span>
            </li>
          ) : null}
          {handoff.telefone ? (
            <li>
              <PhoneIcon className="icon-sm" />
              <span>SMS enviado para {handoff.telefone}</span>
            </li>
          ) : null}
        </ul>
        <div className="recovery-resend">
          <p>Não recebeu?</p>
          <button type="button" className="btn btn-secondary" onClick={resend} disabled={send.isPending}>
            Enviar novamente
          </button>
        </div>
        <p className="recovery-status" role="status" aria-live="polite">
          {announcement}
        </p>
        <Link to={paths.login} className="btn btn-primary btn-block" onClick={leaveWithDocument}>
          Ir para login
        </Link>
      </div>
      <SpinnerModal open={send.isPending} />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </div>
  );
}
