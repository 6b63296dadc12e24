import { useId } from 'react';
import { CheckIcon } from '../../components/ui/icons';
import type { PaymentMethod } from '../../lib/api/trpc';
import { PAYMENT_METHOD_LABEL } from '../../lib/content/payment-methods';

interface PaymentMethodChoiceProps {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  legend?: string;
  disabled?: boolean;
}

/** One method at a time among the creditor's (choosing one unselects the others): a radio group. */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  legend = 'Forma de pagamento',
  disabled,
}: PaymentMethodChoiceProps) {
  const name = useId();
  return (
    <fieldset className="method-choice" disabled={disabled}>
      <legend className="field-label">{legend}</legend>
      <div className="method-choice-options">
        {methods.map((method) => (
          <label key={method} className="method-option">
            <input
              type="radio"
              name={name}
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="method-option-input"
            />
            <span className="method-option-mark" aria-hidden="true">
              <CheckIcon />
            </span>
            <span>{PAYMENT_METHOD_LABEL[method]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
