import type { changePasswordInput } from '@portal/contracts/procedures/account';
import { PASSWORD_MAX_LENGTH } from '@portal/validation/password';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { NewPasswordFields } from '../../components/new-password-fields';
import { BackLink } from '../../components/ui/back-link';
import { ErrorModal } from '../../components/ui/error-modal';
import { PasswordInput } from '../../components/ui/password-input';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { lazyResolver, usePreloadedResolvers } from '../../lib/forms/lazy-resolver';
import { useQuietForm } from '../../lib/forms/use-quiet-form';
import { usePageTitle } from '../../lib/navigation/page-title';
import { paths } from '../../lib/navigation/paths';
import { PASSWORD_NOTICE_STATE, SavedNotice } from './saved-notice';
import './account.css';

/** All three required; new and confirmation equal, or 'As senhas devem ser iguais' and nothing sent. */
type ChangePasswordValues = z.output<typeof changePasswordInput>;

const changePasswordResolver = lazyResolver((resolvers) => resolvers.changePassword);

/** /mais-opcoes/nova-senha: current, new and confirmed password; success goes to /minha-conta. */
export function ChangePasswordPage() {
  usePageTitle('Alterar senha');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useQuietForm<ChangePasswordValues>({
    resolver: changePasswordResolver,
    mode: 'onTouched',
    defaultValues: { senha: '', novaSenha: '', confirmacao: '' },
  });
  usePreloadedResolvers();
  // gcTime 0: the passwords leave the mutation cache at once.
  const change = trpc.account.changePassword.useMutation({
    gcTime: 0,
    onSuccess: () => void navigate(paths.minhaConta, { state: PASSWORD_NOTICE_STATE }),
    onError: (error) => setFailure(errorMessage(error)),
  });

  const submit = form.handleSubmit((values) => change.mutate(values));

  return (
    <div className="page page--narrow">
      <BackLink to={paths.maisOpcoes} label="Mais opções" />
      <div className="card card--form">
        <h1 className="page-title" tabIndex={-1}>
          Alterar senha
        </h1>
        <SavedNotice />
        <p className="page-lead">
          A nova senha deve ter ao menos 8 caracteres, com letras e números. Use uma senha só sua, que você
          não use em outros sites.
        </p>
        <form className="form" noValidate onSubmit={submit}>
          <PasswordInput
            {...form.register('senha')}
            label="Senha atual"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
            error={form.formState.errors.senha?.message}
          />
          <NewPasswordFields form={form} confirmLabel="Confirmar nova senha" />
          <button type="submit" className="btn btn-primary btn-block" disabled={change.isPending}>
            Salvar
          </button>
        </form>
      </div>
      <SpinnerModal open={change.isPending} />
      <ErrorModal open={failure !== null} message={failure ?? ''} onClose={() => setFailure(null)} />
    </div>
  );
}
