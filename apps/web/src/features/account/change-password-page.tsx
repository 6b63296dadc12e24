import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX_LENGTH } from '@portal/validation/password';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { paths } from '../../app/paths';
import { NewPasswordFields, newPasswordShape, PASSWORDS_MATCH } from '../../components/new-password-fields';
import { BackLink } from '../../components/ui/back-link';
import { ErrorModal } from '../../components/ui/error-modal';
import { PasswordInput } from '../../components/ui/password-input';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PASSWORD_NOTICE_STATE } from './saved-notice';
import './account.css';

export const CURRENT_REQUIRED_MESSAGE = 'Informe a senha atual.';
export const NEW_REQUIRED_MESSAGE = 'Informe a nova senha.';

/** Spec §5: all three required; new and confirmation equal, or 'As senhas devem ser iguais' and nothing sent. */
export const changePasswordSchema = z
  .object({ senha: z.string().min(1, CURRENT_REQUIRED_MESSAGE), ...newPasswordShape(NEW_REQUIRED_MESSAGE) })
  .refine(...PASSWORDS_MATCH);

type ChangePasswordValues = z.output<typeof changePasswordSchema>;

/** /mais-opcoes/nova-senha: current, new and confirmed password; success goes to /minha-conta. */
export function ChangePasswordPage() {
  usePageTitle('Alterar senha');
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { senha: '', novaSenha: '', confirmacao: '' },
  });
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
