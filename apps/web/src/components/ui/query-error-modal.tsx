import { useNavigate } from 'react-router-dom';
import { errorMessage, isServerError } from '../../lib/api/errors';
import { paths } from '../../lib/navigation/paths';
import { Modal } from './modal';

export const QUERY_ERROR_MESSAGE =
  'Ocorreu um erro ao consultar seus dados. Por gentileza, tente novamente mais tarde.';

interface QueryErrorModalProps {
  open: boolean;
  /** what the query failed with: the BFF's message is shown, anything else gets QUERY_ERROR_MESSAGE */
  error: unknown;
  onRetry?: (() => void) | undefined;
}

/** 'modalErroConsulta': a page could not load its data; 'Voltar para minha conta' leaves it. */
export function QueryErrorModal({ open, error, onRetry }: QueryErrorModalProps) {
  const navigate = useNavigate();
  const sent = isServerError(error) && error instanceof Error && error.message.trim() !== '';
  const message = sent ? errorMessage(error) : QUERY_ERROR_MESSAGE;
  return (
    <Modal
      open={open}
      name="modalErroConsulta"
      role="alertdialog"
      tone="error"
      title="Algo deu errado"
      description={<p>{message}</p>}
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
