import { type ComponentProps, type ReactNode, useId } from 'react';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  label: ReactNode;
  /** A note under the label, linked to the checkbox by `aria-describedby`. */
  hint?: ReactNode;
}

/** A checkbox with its label beside it (the whole label is clickable) and an optional note under it. */
export function CheckboxField({ label, hint, id, className, ...inputProps }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-nota`;
  return (
    <div className={className ? `checkbox ${className}` : 'checkbox'}>
      <input
        {...inputProps}
        type="checkbox"
        id={inputId}
        aria-describedby={hint ? hintId : undefined}
        className="checkbox-input"
      />
      <label htmlFor={inputId} className="checkbox-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="checkbox-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
