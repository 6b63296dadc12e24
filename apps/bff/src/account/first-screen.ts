import { pendingAgreement, type ReconcilePorts } from '../agreements/intent';
import type { SignedIn } from '../auth/sign-in';
import { signInCreditorCards } from '../negotiation/creditor-cards';
import type { CreditorPorts } from '../negotiation/creditors';
import type { Ports } from '../ports/ports';
import { scoreOf } from './profile';

/**
 * How long a sign-in waits for Minha conta's first screen. An upstream answers in well under this; a
 * slower one (a debt lookup that never answers) costs the sign-in no more, and the page then asks
 * itself, joining the lookup already under way.
 */
const FIRST_SCREEN_WAIT_MS = 1_500;

type FirstScreenPorts = CreditorPorts & ReconcilePorts & Pick<Ports, 'upstream'>;

/**
 * What Minha conta shows first, looked up together: the creditor cards, an agreement still processing
 * and the score. Null when any fails (the page asks again and shows the failure) or is slower than `waitMs`.
 */
export async function firstScreen(
  ports: FirstScreenPorts,
  { person }: Pick<SignedIn, 'person'>,
  waitMs = FIRST_SCREEN_WAIT_MS,
) {
  const all = Promise.all([
    signInCreditorCards(ports, person),
    pendingAgreement(ports, person),
    scoreOf(ports, person),
  ]);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      all.then(
        ([credores, pendente, score]) => ({ credores, pendente, score }),
        () => null,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A sign-in's answer: who signed in, and Minha conta's first screen when it came in time. */
export async function enterAccount(ports: FirstScreenPorts, signedIn: SignedIn) {
  return { ...signedIn.view, primeiraTela: await firstScreen(ports, signedIn) };
}
