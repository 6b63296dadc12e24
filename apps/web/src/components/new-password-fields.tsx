import { PASSWORD_MAX_LENGTH } from '@portal/validation/password';
import type { UseFormReturn } from 'react-hook-form';
import { PasswordInput } from './ui/password-input';

interface NewPasswordValues {
  novaSenha: string;
  confirmacao: string;
}

/**
 * The new password and its confirmation, for any form whose values include both (their rules:
 * `newPasswordShape` and `PASSWORDS_MATCH` of the contracts).
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  confirmLabel,
}: {
  form: UseFormReturn<T>;
  confirmLabel: string;
}) {
  // Both paths exist in T: react-hook-form's path types cannot see that through the generic.
  const { register, trigger, getFieldState, formState } = form as unknown as UseFormReturn<NewPasswordValues>;
  return (
    <>
      <PasswordInput
        {...register('novaSenha', {
          // Once the confirmation has been filled in, a change here re-checks that both still match.
          onChange: () => {
            if (getFieldState('confirmacao').isTouched) void trigger('confirmacao');
          },
        })}
        label="Nova senha"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={formState.errors.novaSenha?.message}
      />
      <PasswordInput
        {...register('confirmacao')}
        label={confirmLabel}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={formState.errors.confirmacao?.message}
      />
    </>
  );
}
