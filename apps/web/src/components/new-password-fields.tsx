import {
  isAcceptablePassword,
  PASSWORD_CONFIRMATION_REQUIRED_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
} from '@portal/validation/password';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { PasswordInput } from './ui/password-input';

interface NewPasswordValues {
  novaSenha: string;
  confirmacao: string;
}

/** Spec §5: a new password by the password rule, and its confirmation (spread into a form's schema). */
export const newPasswordShape = (requiredMessage: string) => ({
  novaSenha: z.string().min(1, requiredMessage).refine(isAcceptablePassword, PASSWORD_RULE_MESSAGE),
  confirmacao: z.string().min(1, PASSWORD_CONFIRMATION_REQUIRED_MESSAGE),
});

/** `.refine(...PASSWORDS_MATCH)`: 'As senhas devem ser iguais' under the confirmation. */
export const PASSWORDS_MATCH: [(values: NewPasswordValues) => boolean, { message: string; path: string[] }] =
  [
    (values) => values.novaSenha === values.confirmacao,
    { message: PASSWORD_MISMATCH_MESSAGE, path: ['confirmacao'] },
  ];

/** The new password and its confirmation, for any form whose values include both. */
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
