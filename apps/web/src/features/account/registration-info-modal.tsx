import { useNavigate, useSearchParams } from 'react-router-dom';
import { Modal } from '../../components/ui/modal';
import { paths } from '../../lib/navigation/paths';

/** The query parameter the registration adds to /minha-conta ('?first=true'). */
const FIRST_PARAM = 'first';

interface RegistrationInfoModalProps {
  /** Keeps it closed while the page shows another modal (the debts' wait or error); it opens afterwards. */
  held?: boolean;
}

/**
 * modalInfoCadastro: after a registration (/minha-conta?first=true), tells where the temporary password
 * went. 'Ok, estou ciente.' (or Escape) closes it and takes `first` out of the address; 'Ir para Alterar a
 * senha' does the same, then opens the change-password page, so going back never shows it again.
 */
export function RegistrationInfoModal({ held = false }: RegistrationInfoModalProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const open = searchParams.get(FIRST_PARAM) === 'true' && !held;

  const withoutFirst = () => {
    const next = new URLSearchParams(searchParams);
    next.delete(FIRST_PARAM);
    const search = next.toString();
    return navigate({ search: search === '' ? '' : `?${search}` }, { replace: true });
  };

  const close = () => {
    void withoutFirst();
  };

  const goToChangePassword = async () => {
    await withoutFirst();
    await navigate(paths.novaSenha);
  };

  return (
    <Modal
      open={open}
      name="modalInfoCadastro"
      size="wide"
      tone="success"
      title="Cadastro concluído!"
      description={
        <>
          <p>
            Enviamos uma senha provisória para o seu e-mail e, por SMS, para o seu celular. Use essa senha no
            seu próximo acesso. Se não encontrar o e-mail, confira também a caixa de spam.
          </p>
          <p>
            Você pode trocar a senha quando quiser em <strong>Mais opções</strong> &gt;{' '}
            <strong>Alterar senha</strong>.
          </p>
        </>
      }
      onClose={close}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={close}>
            Ok, estou ciente.
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void goToChangePassword()}>
            Ir para Alterar a senha
          </button>
        </>
      }
    />
  );
}
