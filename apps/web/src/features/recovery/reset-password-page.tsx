import { type ResetLink, readResetLink } from '@portal/contracts/procedures/recovery-link';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { NewPasswordFields } from '../../components/new-password-fields';
import { ErrorModal } from '../../components/ui/error-modal';
import { Modal } from '../../components/ui/modal';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import type { ResetSchema } from '../../lib/forms/form-resolvers';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { useQuietForm } from '../../lib/forms/use-quiet-form';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import './recovery.css';

/** The new password and its confirmation; the link's id and code are added to them on submit. */
type ResetValues = z.output<ResetSchema>;

const resetResolver = lazyResolver<ResetValues, ResetValues>((resolvers) => resolvers.resetPassword);

/**
 * /nova-senha-pb, the recovery e-mail's link: a new password of the user's choice. The link's id and code
 * are read once and taken out of the address bar at once, so they do not linger in the history.
 */
export function ResetPasswordPage() {
  usePageTitle('Recuperar senha');
  const [searchParams, setSearchParams] = useSearchParams();
  const [link] = useState(() => readResetLink(searchParams));
  const hasQuery = searchParams.toString() !== '';

  useEffect(() => {
    if (hasQuery) setSearchParams({}, { replace: true });
  }, [hasQuery, setSearchParams]);

  return (
    <div className="page page--narrow">
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Recuperar senha
        </h1>
        {link ? <ResetPasswordForm link={link} /> : <InvalidLink />}
      </div>
    </div>
  );
}

function InvalidLink() {
  return (
    <>
      <p className="page-lead">
        Este link de recuperação de senha é inválido ou expirou. Peça um novo: enviaremos outra senha
        temporária e um novo link para o e-mail do seu cadastro.
      </p>
      <Link to={paths.esqueceuSenha} className="btn btn-primary btn-block">
        Pedir um novo link
      </Link>
    </>
  );
}

function ResetPasswordForm({ link }: { link: ResetLink }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useQuietForm<ResetValues>({
    resolver: resetResolver,
    mode: 'onTouched',
    defaultValues: { novaSenha: '', confirmacao: '' },
  });
  usePreloadedResolvers();

  // gcTime 0: the passwords and the link's code leave the mutation cache at once.
  const reset = trpc.recovery.reset.useMutation({ gcTime: 0 });

  const submit = form.handleSubmit(({ novaSenha, confirmacao }) => {
    reset.mutate(
      { ...link, novaSenha, confirmacao },
      {
        onSuccess: () => setDone(true),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  });

  return (
    <>
      <p className="page-lead">
        Crie a sua nova senha: ao menos 8 caracteres, com letras e números. Depois, entre com ela.
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <NewPasswordFields form={form} confirmLabel="Confirmar senha" />
        <button type="submit" className="btn btn-primary btn-block" disabled={reset.isPending || done}>
          Salvar
        </button>
      </form>
      <SpinnerModal open={reset.isPending} />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
      <Modal
        open={done}
        name="modalSuccess"
        tone="success"
        title="Senha alterada com sucesso"
        description={<p>Agora é só entrar com o seu CPF ou CNPJ e a nova senha.</p>}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => navigate(paths.login, { replace: true })}
          >
            Ir para login
          </button>
        }
      />
    </>
  );
}
