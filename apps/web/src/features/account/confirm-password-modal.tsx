import { PASSWORD_CURRENT_REQUIRED_MESSAGE, PASSWORD_MAX_LENGTH } from '@portal/validation/password';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage } from '../../lib/api/errors';
import { endSessionLocally } from '../../lib/api/session';
import { trpc } from '../../lib/api/trpc';
import './confirm-password-modal.css';

// Why the password is asked, read out with the title (here, so that the page's own code stays small).
const REASONS = {
  contact:
    'Por segurança, para alterar seu e-mail ou celular, digite a senha que você usa para entrar no portal.',
  deletion: 'Por segurança, para excluir seu cadastro, digite a senha que você usa para entrar no portal.',
} as const;

interface ConfirmPasswordModalProps {
  /** what the password is for: a new e-mail or phone, or the account's deletion */
  purpose: keyof typeof REASONS;
  /** the refusal of the password last typed ('Senha incorreta.', too many tries); null before any */
  error: string | null;
  /** while the change is on its way with the password */
  busy: boolean;
  onConfirm: (senha: string) => void;
  onCancel: () => void;
  /** where focus goes back to on cancel */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * 'Confirme sua senha': a sensitive change (e-mail, phone, account deletion) long after the sign-in needs the
 * current password. Focus starts in the field; a refusal is announced and the field cleared for another try.
 * Whoever has no password at hand (Google sign-in, forgotten) signs in again, with Google or a password
 * (recovered if need be): right after such a sign-in the change needs none, unlike after an identity
 * question; this page is where the sign-in comes back to.
 */
export function ConfirmPasswordModal({
  purpose,
  error,
  busy,
  onConfirm,
  onCancel,
  returnFocusRef,
}: ConfirmPasswordModalProps) {
  const [senha, setSenha] = useState('');
  const [missing, setMissing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const signOut = trpc.auth.signOut.useMutation({
    // The signed-in guard then goes to the login page and remembers this one to come back to.
    onSuccess: () => endSessionLocally(queryClient),
  });

  // A refused password: cleared, and focus back in the field for the next try.
  useEffect(() => {
    if (error === null) return;
    setSenha('');
    inputRef.current?.focus();
  }, [error]);

  const shown = missing ? PASSWORD_CURRENT_REQUIRED_MESSAGE : error;
  const pending = busy || signOut.isPending;

  return (
    <Modal
      open
      name="modalConfirmarSenha"
      title="Confirme sua senha"
      description={<p>{REASONS[purpose]}</p>}
      onClose={pending ? undefined : onCancel}
      busy={pending}
      initialFocusRef={inputRef}
      returnFocusRef={returnFocusRef}
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (pending) return;
          if (senha === '') {
            setMissing(true);
            inputRef.current?.focus();
            return;
          }
          onConfirm(senha);
        }}
      >
        <PasswordInput
          ref={inputRef}
          label="Senha atual"
          value={senha}
          maxLength={PASSWORD_MAX_LENGTH}
          onChange={(event) => {
            setSenha(event.target.value);
            setMissing(false);
          }}
          error={shown ?? undefined}
        />
        {/* The field's message, said as it appears (the field keeps it in its description too). */}
        <p className="sr-only" role="alert">
          {busy ? '' : (shown ?? '')}
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            Confirmar
          </button>
        </div>
      </form>
      <div className="confirm-password-other">
        <p>
          Entrou com o Google ou esqueceu a senha? Saia e entre de novo com o Google ou com a senha (esqueceu?
          use 'Esqueci minha senha'): logo depois de entrar, esta alteração não pede a senha.
        </p>
        <button
          type="button"
          className="confirm-password-other-button"
          onClick={() => signOut.mutate()}
          disabled={pending}
        >
          Sair e entrar de novo
        </button>
        {signOut.isError ? (
          <p className="field-error" role="alert">
            {errorMessage(signOut.error)}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
