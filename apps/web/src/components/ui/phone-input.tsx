import type { Ref } from 'react';
import { MaskedInput } from './masked-input';

/** The mobile mask of every 'Celular': the registration, the summary, the profile and the SMS modal. */
const MOBILE_MASK = [{ mask: '(00) 00000-0000' }];

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
}

/** A mobile number field masked as the user types; only digits are accepted, up to 11. */
export function PhoneInput(props: PhoneInputProps) {
  return (
    <MaskedInput {...props} mask={MOBILE_MASK} type="tel" inputMode="numeric" autoComplete="tel-national" />
  );
}
