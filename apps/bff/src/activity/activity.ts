import Bowser from 'bowser';
import type { Activity, ActivityEntry } from '../core/records';
import type { Person, SignInWay } from '../core/session';
import type { Ports } from '../ports/ports';
import { ownerForms, ownerOf, type Whose } from './owner';

/** What 'Atividade da conta' lists: the last 90 days, newest first. */
const ACTIVITY_DAYS = 90;
const ACTIVITY_MAX_LINES = 200;

/**
 * Writes a line of the person's activity, under the pseudonym their agreement records use (or that
 * pseudonym, kept earlier). The action it records is done already: a database that fails here loses the
 * line, logged, never the action.
 */
export async function recordActivity(
  ports: Pick<Ports, 'db' | 'keys' | 'log'>,
  whose: Whose | string,
  activity: Activity,
  at = new Date(),
): Promise<void> {
  await ports.db
    .addActivity(typeof whose === 'string' ? whose : ownerOf(ports, whose), activity, at)
    .catch(() => ports.log.warn({ kind: activity.kind }, 'activity: a line was not kept'));
}

const DEVICE: Record<string, string> = { mobile: 'Celular', tablet: 'Tablet', desktop: 'Computador' };

/** A sign-in as the page lists it: the way, the device kind and the browser, from the User-Agent. */
export function signInActivity(forma: SignInWay, userAgent: string): Activity {
  // Bowser refuses an empty User-Agent: a client that sends none is an unknown device and browser
  const parsed = userAgent.trim() ? Bowser.parse(userAgent.slice(0, 512)) : undefined;
  return {
    kind: 'entrada',
    forma,
    dispositivo: DEVICE[parsed?.platform.type ?? ''] ?? 'Dispositivo desconhecido',
    navegador: parsed?.browser.name || 'Navegador desconhecido',
  };
}

/** The signed-in person's activity of the last 90 days, newest first: only their own. */
export async function accountActivity(
  ports: Pick<Ports, 'db' | 'keys'>,
  person: Person,
  now = new Date(),
): Promise<{ dias: number; linhas: (Activity & { em: string })[] }> {
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 24 * 60 * 60_000);
  const entries: ActivityEntry[] = await ports.db.activity(
    ownerForms(ports, person),
    since,
    ACTIVITY_MAX_LINES,
  );
  return {
    dias: ACTIVITY_DAYS,
    linhas: entries.map(({ at, ...line }) => ({ ...line, em: at.toISOString() })),
  };
}
