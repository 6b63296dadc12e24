import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api/errors';
import { type ContractView, type CreditorCard, trpc } from '../../lib/api/trpc';
import { agreementsHref, negotiationHref } from '../../lib/navigation/journey-links';
import { useTrack } from '../../lib/tracking/tracking';

interface ContractDetailsModalProps {
  creditor: CreditorCard | null;
  onClose: () => void;
}

/** Where a contract leads (by the BFF's `destino`): an agreement in progress → /acordos, else /negociacao. */
function contractHref(creditor: CreditorCard, contract: ContractView): string {
  const link = { codcredor: creditor.codcredor, contrato: contract.contrato, logoUrl: creditor.logoUrl };
  return contract.destino === 'acordos'
    ? agreementsHref(link)
    : negotiationHref({
        ...link,
        chamarProposta: contract.chamarProposta,
        chamarDivida: contract.chamarDivida,
        sequencial: creditor.sequencial,
      });
}

/** The user's contracts with a creditor, each with 'Ver contrato'; a single contract goes straight on. */
export function ContractDetailsModal({ creditor, onClose }: ContractDetailsModalProps) {
  const navigate = useNavigate();
  const track = useTrack();
  const contracts = trpc.negotiation.contracts.useQuery(
    { codcredor: creditor?.codcredor ?? '' },
    { enabled: creditor !== null, retry: false },
  );
  const only = contracts.data?.length === 1 ? contracts.data[0] : undefined;

  // Choosing a contract is the journey's stage 3 (flow 18).
  const choose = useCallback(
    (chosen: CreditorCard, contract: ContractView) => {
      track('contrato-escolhido', chosen.codcredor);
      void navigate(contractHref(chosen, contract));
    },
    [navigate, track],
  );

  useEffect(() => {
    if (creditor && only) choose(creditor, only);
  }, [creditor, only, choose]);

  const list = contracts.data && contracts.data.length > 1 ? contracts.data : null;
  return (
    <Modal
      open={creditor !== null}
      name="modalDetalhesContrato"
      title={creditor?.nome ?? ''}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      {contracts.isPending || only ? (
        <p role="status">Buscando dados...</p>
      ) : contracts.isError ? (
        <div role="alert">
          <p>{errorMessage(contracts.error)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void contracts.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : list ? (
        <ul className="contract-list" aria-label="Seus contratos com este credor">
          {list.map((contract) => (
            <li key={contract.contrato} className="contract-item">
              <p className="contract-item-number">Contrato {contract.contratoExibido}</p>
              <p className="contract-item-status">{contract.situacao}</p>
              <button
                type="button"
                className="btn btn-primary btn-block"
                aria-label={`Ver contrato ${contract.contratoExibido}`}
                onClick={() => creditor && choose(creditor, contract)}
              >
                Ver contrato
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Contratos não localizados. Por gentileza, tente novamente mais tarde.</p>
      )}
    </Modal>
  );
}
