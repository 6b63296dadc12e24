import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { StandingLabel } from '../../components/standing/contract-standing';
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
  const utils = trpc.useUtils();
  // One round trip: with a single contract, the next page's data comes with it.
  // gcTime 0: each opening asks afresh, so what it hands over is never an earlier opening's (an instalment
  // paid since, say).
  const opened = trpc.negotiation.open.useQuery(
    { codcredor: creditor?.codcredor ?? '' },
    { enabled: creditor !== null, retry: false, gcTime: 0 },
  );
  const contracts = opened.data?.contratos;
  const only = contracts?.length === 1 ? contracts[0] : undefined;
  const next = opened.data?.seguinte;

  // Choosing a contract is the journey's stage 3 (flow 18).
  const choose = useCallback(
    (chosen: CreditorCard, contract: ContractView) => {
      track('contrato-escolhido', chosen.codcredor);
      void navigate(contractHref(chosen, contract));
    },
    [navigate, track],
  );

  useEffect(() => {
    if (!creditor || !only) return;
    if (next?.pagina === 'negociacao') utils.negotiation.offers.setData(next.pedido, next.ofertas);
    if (next?.pagina === 'acordos') {
      utils.agreements.inProgress.setData(
        { codcredor: creditor.codcredor, contrato: only.contrato },
        next.acordo,
      );
    }
    choose(creditor, only);
  }, [creditor, only, next, choose, utils]);

  const list = contracts && contracts.length > 1 ? contracts : null;
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
      {opened.isPending || only ? (
        <p role="status">Buscando dados...</p>
      ) : opened.isError ? (
        <div role="alert">
          <p>{errorMessage(opened.error)}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void opened.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : list ? (
        <ul className="contract-list" aria-label="Seus contratos com este credor">
          {list.map((contract) => (
            <li key={contract.contrato} className="contract-item">
              <p className="contract-item-number">Contrato {contract.contratoExibido}</p>
              <p className="contract-item-status">{contract.situacao}</p>
              <StandingLabel estado={contract.estado} />
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
