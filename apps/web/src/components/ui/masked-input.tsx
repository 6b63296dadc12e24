import type { HTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { Field } from './field';

interface MaskedInputProps {
  label: string;
  /** an IMask pattern ('00/00/0000'), or several: IMask takes the first that fits what is typed */
  mask: string | readonly { mask: string }[];
  /** The masked text. */
  value: string;
  /** Called with the masked text on every accepted change. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  name?: string;
  error?: string | undefined;
  hint?: string | undefined;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  type?: 'text' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
}

/** A labelled field masked as the user types (dates, CEP, phones); only what fits the mask is accepted. */
export function MaskedInput({
  label,
  mask,
  value,
  onChange,
  onBlur,
  ref,
  name,
  error,
  hint,
  placeholder,
  disabled,
  type = 'text',
  inputMode = 'numeric',
  autoComplete = 'off',
}: MaskedInputProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <IMaskInput
          {...control}
          mask={typeof mask === 'string' ? [{ mask }] : [...mask]}
          value={value}
          onAccept={(masked: string) => onChange(masked)}
          onBlur={onBlur}
          inputRef={ref}
          name={name}
          placeholder={placeholder}
          disabled={disabled}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          className="input"
        />
      )}
    </Field>
  );
}
