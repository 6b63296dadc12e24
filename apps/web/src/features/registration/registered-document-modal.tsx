import { documentKind } from '@portal/validation/document';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../../components/ui/modal';
import { setPrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';

interface RegisteredDocumentModalProps {
  /** The registered document, normalized ('52998224725'): handed to the page chosen, in memory only. */
  document: string;
  /** 'Fechar': back to the form, to correct a mistyped document. */
  onClose: () => void;
  /** The CPF/CNPJ input: focus goes back there. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * 'modalDocumentoCadastrado': the document typed on /cadastro already has an account. Said as soon as it is
 * typed, before the contacts, the terms and the policy step: the person signs in, or asks for a new
 * password, with the document handed over as the home banner does (lib/forms/prefill.ts, never in the URL).
 */
export function RegisteredDocumentModal({ document, onClose, returnFocusRef }: RegisteredDocumentModalProps) {
  const kind = documentKind(document) ?? 'CPF/CNPJ';
  const handOver = () => setPrefill(document);
  return (
    <Modal
      open
      name="modalDocumentoCadastrado"
      tone="warning"
      title={`${kind} já cadastrado`}
      description={
        <p>
          Já existe um cadastro com este {kind}. Entre com a sua senha ou, se não se lembra dela, receba uma
          senha temporária por e-mail e SMS.
        </p>
      }
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={
        <>
          <Link to={paths.login} className="btn btn-primary" onClick={handOver}>
            Entrar
          </Link>
          <Link to={paths.esqueceuSenha} className="btn btn-secondary" onClick={handOver}>
            Esqueci minha senha
          </Link>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Fechar
          </button>
        </>
      }
    />
  );
}
