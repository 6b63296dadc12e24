import { defaultPaymentDate } from '@portal/validation/dates';
import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { errorMessage } from '../../lib/api/errors';
import type { DebtView, PaymentMethod } from '../../lib/api/trpc';
import type { NegotiationLink } from '../../lib/navigation/journey-links';
import { PaymentDateSelect, usePaymentDates } from './payment-date-select';
import { PaymentMethodChoice } from './payment-method-choice';
import { ProposalWait } from './proposal-wait';
import { useSaveSummary } from './use-save-summary';

interface InstalmentDatesModalProps {
  /** the selected instalments; empty keeps the modal closed */
  debts: readonly DebtView[];
  link: NegotiationLink;
  methods: readonly PaymentMethod[];
  onClose: () => void;
}

/** 'modalDatasParcelas': the payment date and method of the individual instalments, then /resumo. */
export function InstalmentDatesModal({ debts, ...props }: InstalmentDatesModalProps) {
  if (debts.length === 0) return null;
  return <OpenInstalmentDatesModal debts={debts} {...props} />;
}

function OpenInstalmentDatesModal({ debts, link, methods, onClose }: InstalmentDatesModalProps) {
  const maxDueDate = debts.map((d) => d.dataMaxVencimento).sort()[0];
  const dates = usePaymentDates(maxDueDate);
  const [date, setDate] = useState(() => defaultPaymentDate(dates, debts[0]?.validade) ?? '');
  const [method, setMethod] = useState<PaymentMethod | null>(methods[0] ?? null);
  const summary = useSaveSummary();

  return (
    <Modal
      open
      name="modalDatasParcelas"
      title="Pagamento das parcelas"
      onClose={summary.isPending ? undefined : onClose}
      busy={summary.isPending}
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!date || method === null || summary.isPending}
            onClick={() =>
              method &&
              summary.save({
                codcredor: link.codcredor,
                contrato: link.contrato,
                formaPagamento: method,
                selecao: { modo: '2', parcelas: debts.map((d) => d.id), vencimento: date },
              })
            }
          >
            Continuar
          </button>
          <button type="button" className="btn btn-secondary" disabled={summary.isPending} onClick={onClose}>
            Cancelar
          </button>
        </>
      }
    >
      <PaymentDateSelect label="Data de pagamento:" options={dates} value={date} onChange={setDate} />
      <PaymentMethodChoice
        legend="Forma de pagamento:"
        methods={methods}
        value={method}
        onChange={setMethod}
      />
      {summary.error ? (
        <p role="alert" className="form-error">
          {errorMessage(summary.error)}
        </p>
      ) : null}
      <ProposalWait show={summary.isPending} />
    </Modal>
  );
}
