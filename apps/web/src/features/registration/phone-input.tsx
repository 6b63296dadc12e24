import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { Field } from '../../components/ui/field';

/** The registration's mobile mask (spec §5). */
export const MOBILE_MASK = '(00) 00000-0000';

export interface PhoneInputProps {
  label: string;
  /** The masked text, e.g. '(11) 91234-5678'. */
  value: string;
  /** Called with the masked text on every accepted change. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  error?: string | undefined;
}

/** A mobile number field masked as the user types; only digits are accepted, up to 11. */
export function PhoneInput({ label, value, onChange, onBlur, ref, name, error }: PhoneInputProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <IMaskInput
          {...control}
          mask={MOBILE_MASK}
          value={value}
          onAccept={(masked: string) => onChange(masked)}
          onBlur={onBlur}
          inputRef={ref}
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className="input"
        />
      )}
    </Field>
  );
}
