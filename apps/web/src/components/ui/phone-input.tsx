import type { Ref } from 'react';
import { MaskedInput } from './masked-input';

/** The mobile mask of the registration and the summary. */
const MOBILE_MASK = '(00) 00000-0000';
// Landline or mobile (the SMS modal and the profile): IMask picks the first mask that fits.
const MOBILE_ONLY = [{ mask: MOBILE_MASK }];
const LANDLINE_OR_MOBILE = [{ mask: '(00) 0000-0000' }, { mask: MOBILE_MASK }];

interface PhoneInputProps {
  label: string;
  /** The masked text, e.g. '(11) 91234-5678'. */
  value: string;
  /** Called with the masked text on every accepted change. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string;
  disabled?: boolean;
  /** accepts (00) 0000-0000 as well as the mobile (00) 00000-0000 */
  landline?: boolean;
}

/** A mobile number field masked as the user types; only digits are accepted, up to 11. */
export function PhoneInput({ landline = false, ...props }: PhoneInputProps) {
  return (
    <MaskedInput
      {...props}
      mask={landline ? LANDLINE_OR_MOBILE : MOBILE_ONLY}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
    />
  );
}
