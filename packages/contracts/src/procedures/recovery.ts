import { PASSWORD_REQUIRED_MESSAGE } from '@portal/validation/password';
import { z } from 'zod';
import { documentField, newPasswordShape, PASSWORDS_MATCH } from './fields';
import { RESET_CODE_MAX_LENGTH, RESET_ID_MAX_LENGTH } from './recovery-link';

/** recovery.send: the document whose temporary password and reset link are sent. */
export const recoverySendInput = z.object({ cpfCnpj: documentField });

/** The reset link's id and code, as the recovery e-mail carries them. */
const resetLink = z.object({
  id: z.string().min(1).max(RESET_ID_MAX_LENGTH),
  codigo: z.string().min(1).max(RESET_CODE_MAX_LENGTH),
});

/** The new password of a reset and its confirmation (spread, then `.refine(...PASSWORDS_MATCH)`). */
export const resetPasswordShape = newPasswordShape(PASSWORD_REQUIRED_MESSAGE);

/** recovery.reset */
export const resetPasswordInput = resetLink.extend(resetPasswordShape).refine(...PASSWORDS_MATCH);
