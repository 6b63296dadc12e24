import { type ComponentProps, useState } from 'react';
import { Field } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label?: string;
  id?: string;
  error?: string | undefined;
}

/** A password field with a show/hide toggle ('Mostrar senha' / 'Ocultar senha', `aria-pressed`). */
export function PasswordInput({
  label = 'Senha',
  id,
  error,
  autoComplete = 'current-password',
  ...inputProps
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} id={id}>
      {(control) => (
        <div className="input-group">
          <input
            {...inputProps}
            {...control}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="input input-group-input"
          />
          <button
            type="button"
            className="input-group-button"
            aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}
