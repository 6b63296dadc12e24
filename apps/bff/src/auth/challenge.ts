import { SHARED_MESSAGES } from '../core/messages';
import { Refusal } from '../core/refusal';
import type { Ports } from '../ports/ports';
import { AUTH_MESSAGES } from './messages';
import { noteFailure, openSession, type SignedIn, takeAttempt, tooMany } from './sign-in';

const MAX_ANSWERS_PER_QUESTION = 3;
const MINUTE = 60_000;

/** Identity-question sign-in, step 1 (solicitarLogin): the question, bound to this browser. */
export async function startChallenge(
  ports: Pick<Ports, 'config' | 'limiter' | 'upstream' | 'sessions' | 'cookies' | 'ip'>,
  cpfCnpj: string,
): Promise<{ pergunta: string }> {
  const { config, limiter, upstream, sessions } = ports;
  const allowed = await limiter.hitAll([
    ['challenge-ip', ports.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs: 15 * MINUTE }],
    ['challenge-doc', cpfCnpj, { max: config.CHALLENGE_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
  ]);
  if (!allowed) throw tooMany();
  const reply = await upstream.solicitarLogin(cpfCnpj);
  if (reply.erro || !reply.verificacao) {
    throw new Refusal('bad-request', reply.message || SHARED_MESSAGES.unexpected);
  }
  await sessions.startChallenge(ports.cookies, { cpfCnpj, pergunta: reply.verificacao });
  return { pergunta: reply.verificacao };
}

const expired = () => new Refusal('precondition', AUTH_MESSAGES.challengeExpired);

/**
 * Step 2 (verificarLogin): a few answers per question, single use. Each answer takes its number from an
 * atomic counter before anything else, so answers sent at once cannot exceed the few; only those go on to
 * count against the document's daily cap of identity answers (or a trusted browser's own attempts).
 */
export async function answerChallenge(
  ports: Pick<
    Ports,
    'config' | 'limiter' | 'keys' | 'upstream' | 'sessions' | 'cookies' | 'ip' | 'db' | 'log' | 'userAgent'
  >,
  resposta: string,
): Promise<SignedIn> {
  const { sessions, upstream } = ports;
  const challenge = await sessions.readChallenge(ports.cookies);
  if (!challenge) throw expired();
  const { id, record } = challenge;
  const answer = await sessions.countAnswer(id);
  if (answer > MAX_ANSWERS_PER_QUESTION) {
    await sessions.endChallenge(ports.cookies);
    throw expired();
  }
  const counted = await takeAttempt(ports, record.cpfCnpj, 'question');
  if (!counted) {
    await sessions.endChallenge(ports.cookies);
    throw tooMany();
  }
  const reply = await upstream.verificarLogin({
    cpfCnpj: record.cpfCnpj,
    pergunta: record.pergunta,
    resposta,
  });
  if (reply.erro) {
    await noteFailure(ports, counted);
    if (answer >= MAX_ANSWERS_PER_QUESTION) {
      await sessions.endChallenge(ports.cookies);
      throw expired();
    }
    throw new Refusal('bad-request', reply.message || SHARED_MESSAGES.unexpected);
  }
  // Two right answers at once: the first signs in, the question is spent for the other.
  if (!(await sessions.claimRightAnswer(id))) throw expired();
  return openSession(ports, reply, 'pergunta', counted);
}
