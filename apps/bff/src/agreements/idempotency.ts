import { createHash } from 'node:crypto';
import { digitsOnly } from '@portal/validation/mask';
import { TRPCError } from '@trpc/server';
import type { SessionStore } from '../session/session-store';
import { AGREEMENT_MESSAGES, type CreateResult } from './types';

/** What a repeat of an idempotency key gets: the first result, for the same document only. */
interface IdempotencyRecord {
  owner: string;
  /** what the first request asked for (its delivery contacts), as a hash */
  body: string;
  result: CreateResult;
}
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A key is the owner's alone: another document presenting it learns nothing. The same key with other
 * delivery contacts is refused (422) rather than answered with a result it did not ask for.
 */
function resultFor(record: IdempotencyRecord, owner: string, body: string): CreateResult {
  if (record.owner !== owner)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AGREEMENT_MESSAGES.noSummary });
  if (record.body !== body)
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: AGREEMENT_MESSAGES.keyReused });
  return record.result;
}

export const bodyOf = (input: { email?: string | undefined; telefone?: string | undefined }) =>
  createHash('sha256')
    .update(JSON.stringify([input.email ?? '', digitsOnly(input.telefone ?? '')]))
    .digest('hex');
export const ownerOf = (cpfCnpj: string) =>
  createHash('sha256').update(`agreement-owner:${cpfCnpj}`).digest('hex');

/**
 * Runs `create` once per key. A repeat of a finished key gets the first result; one while it runs (a
 * reload, a retry, another instance) gets 409 and asks again. The claim is a lease renewed while the
 * creation runs, so one whose instance died is taken over after the lease. A creation that fails frees
 * its claim.
 */
export async function once(
  store: SessionStore,
  { key, owner, body, leaseMs }: { key: string; owner: string; body: string; leaseMs: number },
  create: () => Promise<CreateResult>,
): Promise<{ result: CreateResult; repeated: boolean }> {
  const recordKey = `idem:agreement:${key}`;
  const earlier = await store.get<IdempotencyRecord>(recordKey);
  if (earlier) return { result: resultFor(earlier, owner, body), repeated: true };
  const claim = `${recordKey}:claim`;
  if ((await store.increment(claim, leaseMs)) > 1) {
    const first = await store.get<IdempotencyRecord>(recordKey);
    if (first) return { result: resultFor(first, owner, body), repeated: true };
    throw new TRPCError({ code: 'CONFLICT', message: AGREEMENT_MESSAGES.inProgress });
  }
  const renew = setInterval(() => void store.set(claim, 1, leaseMs).catch(() => undefined), leaseMs / 3);
  try {
    const result = await create();
    await store.set(recordKey, { owner, body, result } satisfies IdempotencyRecord, IDEMPOTENCY_TTL_MS);
    return { result, repeated: false };
  } catch (error) {
    await store.delete(claim).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renew);
  }
}
