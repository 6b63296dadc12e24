import { Modal } from '../../components/ui/modal';
import { CENTRAL_PHONE } from '../../lib/contacts';
import type { CreditorCard } from '../../lib/trpc';

export interface ContractDetailsModalProps {
  creditor: CreditorCard | null;
  onClose: () => void;
}

/** The creditor's contracts. For now a notice: the contract details arrive in a later issue. */
export function ContractDetailsModal({ creditor, onClose }: ContractDetailsModalProps) {
  return (
    <Modal
      open={creditor !== null}
      name="modalContrato"
      title={creditor?.nome ?? ''}
      description={
        <p>
          Em breve você poderá ver e negociar seus contratos com este credor por aqui. Enquanto isso, fale com
          a nossa central: {CENTRAL_PHONE}.
        </p>
      }
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Fechar
        </button>
      }
    />
  );
}
