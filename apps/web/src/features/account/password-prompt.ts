import { errorMessage, isPasswordNeeded, isTooManyRequests } from '../../lib/api/errors';

/** The password modal's state: open, with the refusal of the password last typed (if any) to show in it. */
export interface PasswordPrompt {
  error: string | null;
}

/**
 * What a refused e-mail/phone change or deletion means for the password modal: opened without a message
 * when the BFF asks for the password, kept open with the message when the typed one was refused (wrong,
 * or too many tries); null for any other failure, which the page shows as it always has.
 */
export function passwordPromptFor(error: unknown, sentPassword: boolean): PasswordPrompt | null {
  if (isPasswordNeeded(error)) return { error: sentPassword ? errorMessage(error) : null };
  if (sentPassword && isTooManyRequests(error)) return { error: errorMessage(error) };
  return null;
}
