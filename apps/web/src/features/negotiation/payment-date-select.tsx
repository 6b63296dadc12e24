import { formatBrDate, paymentDateOptions, todayInBrazil } from '@portal/validation/dates';
import { useMemo } from 'react';
import { Field } from '../../components/ui/field';

/** Business days from tomorrow to the proposal's last due date (packages/validation), as ISO dates. */
export function usePaymentDates(maxDueDate: string | undefined): string[] {
  return useMemo(
    () => (maxDueDate ? paymentDateOptions({ today: todayInBrazil(), maxDueDate }) : []),
    [maxDueDate],
  );
}

interface PaymentDateSelectProps {
  options: readonly string[];
  /** ISO date, or '' for the placeholder */
  value: string;
  onChange: (iso: string) => void;
  label?: string;
  /** a first, empty option ('Selecione...' on /propostas) */
  placeholder?: string;
  disabled?: boolean;
}

/** The 'Data de pagamento' dropdown: dd/mm/yyyy on screen, ISO inside. */
export function PaymentDateSelect({
  options,
  value,
  onChange,
  label = 'Data de pagamento',
  placeholder,
  disabled,
}: PaymentDateSelectProps) {
  return (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="input select"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((iso) => (
            <option key={iso} value={iso}>
              {formatBrDate(iso)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
