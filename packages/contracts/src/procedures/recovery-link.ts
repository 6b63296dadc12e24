// The reset link's limits without zod, so the page that reads the link does not need it to load.

/** Most characters the recovery e-mail's `id` may have. */
export const RESET_ID_MAX_LENGTH = 100;
/** Most characters the recovery e-mail's `codigo` may have. */
export const RESET_CODE_MAX_LENGTH = 200;

/** The reset link's id and code, as the recovery e-mail carries them. */
export interface ResetLink {
  id: string;
  codigo: string;
}

/** The link of `?id=…&codigo=…` if both are there and of a sane size (the BFF checks them again). */
export function readResetLink(params: URLSearchParams): ResetLink | null {
  const id = params.get('id') ?? '';
  const codigo = params.get('codigo') ?? '';
  const sane = (value: string, max: number) => value.length >= 1 && value.length <= max;
  return sane(id, RESET_ID_MAX_LENGTH) && sane(codigo, RESET_CODE_MAX_LENGTH) ? { id, codigo } : null;
}
