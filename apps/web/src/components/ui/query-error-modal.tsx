import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Modal } from './modal';

export const QUERY_ERROR_MESSAGE =
  'Ocorreu um erro ao consultar seus dados. Por gentileza, tente novamente mais tarde.';

export interface QueryErrorModalProps {
  open: boolean;
  /** the server's message; the spec's default otherwise */
  message?: string | undefined;
  onRetry?: (() => void) | undefined;
}

/** Spec 'modalErroConsulta': a page could not load its data; 'Voltar para minha conta' leaves it. */
export function QueryErrorModal({ open, message, onRetry }: QueryErrorModalProps) {
  const navigate = useNavigate();
  return (
    <Modal
      open={open}
      name="modalErroConsulta"
      role="alertdialog"
      tone="error"
      title="Algo deu errado"
      description={<p>{message || QUERY_ERROR_MESSAGE}</p>}
      actions={
        <>
          {onRetry ? (
            <button type="button" className="btn btn-secondary" onClick={onRetry}>
              Tentar novamente
            </button>
          ) : null}
          <button type="button" className="btn btn-primary" onClick={() => void navigate(paths.minhaConta)}>
            Voltar para minha conta
          </button>
        </>
      }
    />
  );
}
