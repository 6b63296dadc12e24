import { DOCUMENT_INVALID_MESSAGE, isValidDocument, normalizeDocument } from '@portal/validation/document';
import { z } from 'zod';

/** A CPF/CNPJ field: the masked text in the form, the normalized document out of it. */
export const documentField = z
  .string()
  .refine((value) => isValidDocument(value), DOCUMENT_INVALID_MESSAGE)
  .transform((value) => normalizeDocument(value));
