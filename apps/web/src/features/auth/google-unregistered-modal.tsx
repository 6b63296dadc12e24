import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/ui/modal';
import { paths } from '../../lib/navigation/paths';

interface GoogleUnregisteredModalProps {
  open: boolean;
  onClose: () => void;
  /** Runs before following the password-recovery link (e.g. to hand the typed document over). */
  onRecover?: () => void;
}

/** 'modalGoogleSemCadastro': the Google account belongs to no active registration. */
export function GoogleUnregisteredModal({ open, onClose, onRecover }: GoogleUnregisteredModalProps) {
  // The way back first: the link in the text is the second choice.
  const backRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      name="modalGoogleSemCadastro"
      tone="warning"
      title="Ops!"
      description={
        <>
          <p>A conta Google informada no login não existe em nenhum cadastro ativo</p>
          <p>
            Entre com o seu CPF/CNPJ e a sua senha. Se não lembra a senha,{' '}
            <Link to={paths.esqueceuSenha} onClick={onRecover}>
              recupere-a por e-mail e SMS
            </Link>
            .
          </p>
        </>
      }
      onClose={onClose}
      initialFocusRef={backRef}
      actions={
        <button ref={backRef} type="button" className="btn btn-primary" onClick={onClose}>
          Voltar para o Login
        </button>
      }
    />
  );
}
