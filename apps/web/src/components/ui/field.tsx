import { type ReactNode, useId } from 'react';
import { AlertIcon } from './icons';

/** What a field hands to its control so label, hint and error reach assistive technology. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** shown under the control once the field has been touched or the form submitted */
  error?: string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** A visible label, an optional hint, the control, and the error under it (`aria-describedby`). */
export function Field({ label, error, hint, id: idProp, children }: FieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy === '' ? undefined : describedBy,
      })}
      {error ? (
        <p id={errorId} className="field-error">
          <AlertIcon className="field-error-icon" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
