import { monthlyCostOf } from '@portal/validation/budget';
import { defaultPaymentDate } from '@portal/validation/dates';
import { formatMoney } from '@portal/validation/money';
import { useEffect, useRef, useState } from 'react';
import { FitBadge, useFreeCents } from '../../components/budget/fit-badge';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api/errors';
import { type PaymentMethod, type ProposalView, trpc } from '../../lib/api/trpc';
import type { NegotiationLink } from '../../lib/navigation/journey-links';
import { sameOffer } from './offers';
import { PaymentDateSelect, usePaymentDates } from './payment-date-select';
import { PaymentMethodChoice } from './payment-method-choice';
import { ProposalWait } from './proposal-wait';
import { useSaveSummary } from './use-save-summary';

interface PaymentModalProps {
  /** the offer being paid; null keeps the modal closed */
  proposal: ProposalView | null;
  link: NegotiationLink;
  /** the creditor's methods that may pay a proposal */
  methods: readonly PaymentMethod[];
  /** the method chosen on /propostas, preselected when the creditor offers it */
  preferred?: PaymentMethod | null;
  onClose: () => void;
  /** the proposal could not be valued for another date: the modal closes and the page says why */
  onFailure: (message: string) => void;
}

/** 'modalFormasPagamento': the value, a business-day date, one method, 'Continuar' → /resumo. */
export function PaymentModal({ proposal, ...props }: PaymentModalProps) {
  if (!proposal) return null;
  return <OpenPaymentModal key={proposal.id} proposal={proposal} {...props} />;
}

function OpenPaymentModal({
  proposal: initial,
  link,
  methods,
  preferred,
  onClose,
  onFailure,
}: PaymentModalProps & { proposal: ProposalView }) {
  const utils = trpc.useUtils();
  const free = useFreeCents();
  const [proposal, setProposal] = useState(initial);
  const [method, setMethod] = useState(preferred && methods.includes(preferred) ? preferred : null);
  const [refetching, setRefetching] = useState(false);
  const summary = useSaveSummary();
  const dates = usePaymentDates(initial.dataMaxVencimento);
  // The date on screen is always the one the agreement will use: the proposal's own when it is offered,
  // which the BFF sees to (apps/bff/src/negotiation/payable.ts picks the day with the same function).
  const [date, setDate] = useState(() => defaultPaymentDate(dates, initial.vencimento) ?? initial.vencimento);

  const changeDate = async (vencimento: string) => {
    if (!vencimento || vencimento === proposal.vencimento) return;
    setDate(vencimento);
    setRefetching(true);
    try {
      const offers = await utils.negotiation.offers.fetch({
        codcredor: link.codcredor,
        contrato: link.contrato,
        vencimento,
        propostas: true,
        dividas: false,
      });
      const again = sameOffer(offers.proposals, initial);
      // Valued for another day than the one shown, it could not be agreed as shown: as good as gone.
      if (!again || again.vencimento !== vencimento) throw new Error('offer gone');
      setProposal(again);
    } catch (error) {
      onFailure(errorMessage(error));
    } finally {
      setRefetching(false);
    }
  };

  // A proposal dated on a day no payment can be made (the BFF dates every proposal on a day that can be
  // paid, but a page left open past midnight may hold one dated today) is valued again, at once, for the
  // first day offered; until then 'Continuar' waits.
  const revalued = useRef(false);
  useEffect(() => {
    if (revalued.current || date === initial.vencimento) return;
    revalued.current = true;
    void changeDate(date);
  });

  const busy = refetching || summary.isPending || date !== proposal.vencimento;
  return (
    <Modal
      open
      name="modalFormasPagamento"
      title="Como você quer pagar?"
      onClose={busy ? undefined : onClose}
      busy={busy}
      className="payment-modal"
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={method === null || busy}
            onClick={() =>
              method &&
              summary.save({
                codcredor: link.codcredor,
                contrato: link.contrato,
                formaPagamento: method,
                selecao: { modo: '1', idProposta: proposal.id },
              })
            }
          >
            Continuar
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            Cancelar
          </button>
        </>
      }
    >
      <p className="payment-modal-value">
        Valor: <strong>{formatMoney(proposal.valorPagoCents)}</strong>
        {free === null ? null : (
          <>
            {' '}
            <FitBadge cents={monthlyCostOf(proposal)} livreCents={free} />
          </>
        )}
      </p>
      <PaymentDateSelect
        options={dates}
        value={date}
        onChange={(iso) => void changeDate(iso)}
        disabled={busy}
      />
      <PaymentMethodChoice methods={methods} value={method} onChange={setMethod} disabled={busy} />
      {summary.error ? (
        <p role="alert" className="form-error">
          {errorMessage(summary.error)}
        </p>
      ) : null}
      <ProposalWait show={busy} />
    </Modal>
  );
}
