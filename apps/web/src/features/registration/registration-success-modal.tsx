import { Modal } from '../../components/ui/modal';

const REGISTRATION_SUCCESS_TITLE = 'Cadastro realizado com sucesso';

interface RegistrationSuccessModalProps {
  open: boolean;
  /** 'Login': to /login, the document handed over in memory */
  onLogin: () => void;
}

/**
 * 'modalCadastroSucesso': the registration stands but the sign-in that follows it did not happen,
 * so the person signs in with the temporary password just sent. Only 'Login' leaves it: the form behind
 * it has done its job.
 */
export function RegistrationSuccessModal({ open, onLogin }: RegistrationSuccessModalProps) {
  return (
    <Modal
      open={open}
      name="modalCadastroSucesso"
      tone="success"
      title={REGISTRATION_SUCCESS_TITLE}
      description={
        <p>
          Enviamos uma senha provisória para o seu e-mail e o seu celular. Use-a para entrar e ver os seus
          contratos.
        </p>
      }
      actions={
        <button type="button" className="btn btn-primary" onClick={onLogin}>
          Login
        </button>
      }
    />
  );
}
