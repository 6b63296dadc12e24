/**
 * After a sign-in the user goes to /minha-conta, except when the sign-in interrupted one of
 * the journey pages below (or the edit-profile page, whose guard sends to login); then the user goes
 * back there. The guard remembers that page (in memory
 * only) when it sends a signed-out user away from it; the sign-in takes it.
 */
const JOURNEY_PATHS: ReadonlySet<string> = new Set([
  '/negociacao',
  '/propostas',
  '/resumo',
  '/acordo-concluido',
  '/acordos',
  '/reemissao-concluida',
  '/mais-opcoes/editar-perfil',
]);

let pending: string | null = null;

/** Remembers `pathname + search` if it is a journey page; any other page is forgotten. */
export function rememberReturnTo(pathname: string, search = ''): void {
  pending = JOURNEY_PATHS.has(pathname) ? `${pathname}${search}` : null;
}

/** Where a sign-in should land (consumed): the remembered journey page, else `fallback`. */
export function takeReturnTo(fallback: string): string {
  const target = pending ?? fallback;
  pending = null;
  return target;
}
