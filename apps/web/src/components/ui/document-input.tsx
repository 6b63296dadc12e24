import { CNPJ_MASK, CPF_MASK, normalizeDocument } from '@portal/validation/document';
import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { Field } from './field';

/** Letters are upper-cased as they are typed (alphanumeric CNPJ). */
const upperCaseLetter = (char: string) => (/^[a-z]$/.test(char) ? char.toUpperCase() : char);

/** 'S' in the CNPJ mask: a letter or a digit (the alphanumeric CNPJ); '0' stays a digit. */
const CNPJ_DEFINITIONS = { S: /[0-9A-Z]/ };

const MASKS = [
  { mask: CPF_MASK },
  { mask: CNPJ_MASK, definitions: CNPJ_DEFINITIONS, prepareChar: upperCaseLetter },
];

/** Digits only, up to 11 of them: a CPF; anything longer or with a letter: a CNPJ. */
function documentMaskFor(typed: string): typeof CPF_MASK | typeof CNPJ_MASK {
  return /^[0-9]{0,11}$/.test(normalizeDocument(typed)) ? CPF_MASK : CNPJ_MASK;
}

interface DynamicMaskLike {
  value: string;
  compiledMasks: unknown[];
}

function dispatchDocumentMask<M extends DynamicMaskLike>(
  appended: string,
  masked: M,
  _flags: unknown,
  tail: unknown,
): M['compiledMasks'][number] {
  const typed = `${masked.value}${appended}${tail === undefined ? '' : String(tail)}`;
  return masked.compiledMasks[documentMaskFor(typed) === CPF_MASK ? 0 : 1];
}

interface DocumentInputProps {
  /** The masked text, e.g. '529.982.247-25'. */
  value: string;
  /** Called with the masked text on every accepted change. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The input element, e.g. react-hook-form's field ref (focus on error). */
  ref?: Ref<HTMLInputElement>;
  label?: string;
  name?: string;
  id?: string;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The CPF/CNPJ field: a visible label, the input masked as the user types ('000.000.000-00' for up to 11
 * digits, 'SS.SSS.SSS/SSSS-00' beyond or with a letter, letters upper-cased) and the error under it.
 */
export function DocumentInput({
  value,
  onChange,
  onBlur,
  ref,
  label = 'CPF/CNPJ',
  name = 'cpfCnpj',
  id,
  error,
  hint,
  disabled,
  autoFocus,
}: DocumentInputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <IMaskInput
          {...control}
          mask={MASKS}
          dispatch={dispatchDocumentMask}
          prepareChar={upperCaseLetter}
          value={value}
          onAccept={(masked: string) => onChange(masked)}
          onBlur={onBlur}
          inputRef={ref}
          name={name}
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          autoFocus={autoFocus}
          className="input"
        />
      )}
    </Field>
  );
}
