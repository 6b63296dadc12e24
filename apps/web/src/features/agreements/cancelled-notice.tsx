import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type Cancelled, cancelledLines } from '../../components/rescue/rescue-texts';
import { ErrorModal } from '../../components/ui/error-modal';
import { AlertIcon } from '../../components/ui/icons';
import { SpinnerModal } from '../../components/ui/spinner-modal';
import { errorMessage, isUnauthorized } from '../../lib/api/errors';
import { trpc } from '../../lib/api/trpc';
import { type ContractLink, negotiationHref } from '../../lib/navigation/journey-links';
import '../../components/rescue/rescue.css';

/**
 * An agreement the creditor cancelled (an instalment unpaid past the tolerance): said plainly, with what
 * was paid and what was still owed, and 'Renegociar o saldo', which opens /negociacao for the contract as
 * its creditor card would (the contract's flags asked of the BFF, the creditor's from Minha conta's list).
 */
export function CancelledNotice({ cancelado, link }: { cancelado: Cancelled; link: ContractLink }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const headingId = useId();
  const [first, ...rest] = cancelledLines(cancelado);

  const renegotiate = async () => {
    if (state.busy) return;
    setState({ busy: true, error: null });
    try {
      const contracts = await utils.negotiation.contracts.fetch({ codcredor: link.codcredor });
      const contract = contracts.find((c) => c.contrato === link.contrato);
      const creditor = utils.debts.creditors.getData()?.find((c) => c.codcredor === link.codcredor);
      void navigate(
        negotiationHref({
          ...link,
          // a contract not listed asks for both, as a link without flags does
          chamarProposta: contract?.chamarProposta ?? true,
          chamarDivida: contract?.chamarDivida ?? true,
          sequencial: creditor?.sequencial ?? false,
        }),
      );
    } catch (error) {
      setState({ busy: false, error });
    }
  };

  return (
    <section className="card rescue-notice rescue-notice--cancelled" aria-labelledby={headingId}>
      <h2 id={headingId} className="rescue-notice-title">
        <AlertIcon />
        Acordo cancelado
      </h2>
      <p className="rescue-notice-lead">{first}</p>
      {rest.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>Você pode negociar o saldo deste contrato de novo.</p>
      <div className="rescue-notice-actions">
        <button type="button" className="btn btn-primary" onClick={() => void renegotiate()}>
          Renegociar o saldo
        </button>
      </div>
      <SpinnerModal open={state.busy} text="Carregando" />
      <ErrorModal
        open={state.error !== null && !isUnauthorized(state.error)}
        message={errorMessage(state.error)}
        onClose={() => setState({ busy: false, error: null })}
      />
    </section>
  );
}
