import type { RouterOutputs, trpc } from './trpc';

/**
 * A step whose answer already holds what the next page shows hands it to that page's queries: the page
 * shows it at once and, for this long, does not ask the BFF again (`staleTime` of those queries).
 */
export const HANDED_OVER_FRESH_MS = 10_000;

type Utils = ReturnType<typeof trpc.useUtils>;
type FirstScreen = NonNullable<RouterOutputs['auth']['signIn']['primeiraTela']>;

/** Minha conta's first screen, as a sign-in answered it. */
export function handOverFirstScreen(utils: Utils, { credores, pendente, score }: FirstScreen) {
  utils.debts.creditors.setData(undefined, credores);
  utils.agreements.pending.setData(undefined, pendente);
  utils.account.score.setData(undefined, score);
}
