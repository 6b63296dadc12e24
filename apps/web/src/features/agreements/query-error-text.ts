import { errorMessage, isServerError } from '../../lib/errors';

/** The BFF's own message for a page that could not load; undefined lets 'modalErroConsulta' say the spec's default. */
export function queryErrorText(error: unknown): string | undefined {
  return isServerError(error) && error instanceof Error && error.message.trim() !== ''
    ? errorMessage(error)
    : undefined;
}
