import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a keyed value is made of: a purpose, so that the same document keyed for two uses gives two
 * unrelated values, and the value. `null` keys the bare value, as the rate limiter's counters were keyed
 * before purposes.
 */
export type Purpose = string | null;

const hmac = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('base64url');
const messageOf = (purpose: Purpose, value: string) => (purpose === null ? value : `${purpose}:${value}`);

/**
 * A key's id, derived from its secret so that nobody names ids by hand: 8 characters of an HMAC of a fixed
 * label. The label is the one the device cookies' key ids were made with before every value carried an id,
 * so the cookies issued then name their key with the same id.
 */
export const keyIdOf = (secret: string) => hmac(secret, 'device-key:').slice(0, 8);

const SIGNED = /^k([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]+)$/;

/**
 * The BFF's HMAC keys: the newest, which keys everything written from now on, and the previous ones, kept
 * only to find and verify what they keyed. A keyed value carries its key's id (`k<id>.<mac>`). A value
 * keyed before ids existed (a bare MAC) was made by whichever key was configured then, so it is looked for
 * under every key.
 */
export interface Keyring {
  /** the id of the key every value is written with */
  readonly newest: string;
  /** every configured key's id, newest first */
  readonly ids: readonly string[];
  has(id: string): boolean;
  /** the bare MAC (no id) of a purpose and value under one key, the newest unless named */
  mac(purpose: Purpose, value: string, id?: string): string;
  /** the keyed value to write: the MAC under the key (the newest unless named) with its id, `k<id>.<mac>` */
  sign(purpose: Purpose, value: string, id?: string): string;
  /**
   * every form the value may have been written in, newest first: signed by each configured key, then the
   * bare MACs written before ids (under each key); lookups try them in this order
   */
  candidates(purpose: Purpose, value: string): string[];
  /** whether `given` is this purpose and value keyed by a configured key (a bare MAC: by any of them) */
  verify(purpose: Purpose, value: string, given: string): boolean;
  /** the id of the key a signed value names; undefined for a bare MAC or anything else */
  idOf(given: string): string | undefined;
  /**
   * a bare MAC made before ids, as each configured key would carry it: what a value kept then (a pseudonym
   * in a record) became in the keys written since under the same key
   */
  withIds(bare: string): string[];
}

/** The keyring of the newest secret and the previous ones (newest first); a repeated key is refused. */
export function createKeyring(newest: string, previous: readonly string[] = []): Keyring {
  const keys = [newest, ...previous].map((secret) => ({ id: keyIdOf(secret), secret }));
  const byId = new Map(keys.map((key) => [key.id, key.secret]));
  if (byId.size !== keys.length) throw new Error('the same key is configured twice');
  const newestId = keys[0]?.id ?? '';
  const secretOf = (id: string) => {
    const secret = byId.get(id);
    if (secret === undefined) throw new Error(`no key ${id} is configured`);
    return secret;
  };
  const mac = (purpose: Purpose, value: string, id = newestId) =>
    hmac(secretOf(id), messageOf(purpose, value));
  const same = (a: string, b: string) => {
    const [x, y] = [Buffer.from(a), Buffer.from(b)];
    return x.length === y.length && timingSafeEqual(x, y);
  };
  return {
    newest: newestId,
    ids: keys.map((key) => key.id),
    has: (id) => byId.has(id),
    mac,
    sign: (purpose, value, id = newestId) => `k${id}.${mac(purpose, value, id)}`,
    candidates(purpose, value) {
      const macs = keys.map((key) => ({ id: key.id, mac: hmac(key.secret, messageOf(purpose, value)) }));
      return [...macs.map((m) => `k${m.id}.${m.mac}`), ...macs.map((m) => m.mac)];
    },
    verify(purpose, value, given) {
      const signed = SIGNED.exec(given);
      if (signed) {
        const [, id = '', signature = ''] = signed;
        return byId.has(id) && same(mac(purpose, value, id), signature);
      }
      // compared with every key whatever matches first: the time says nothing about which
      return keys.map((key) => same(hmac(key.secret, messageOf(purpose, value)), given)).includes(true);
    },
    idOf: (given) => SIGNED.exec(given)?.[1],
    withIds: (bare) => keys.map((key) => `k${key.id}.${bare}`),
  };
}

/**
 * The first form (newest first) under which `read` finds something, and what it found: how a record keyed
 * under any configured key is looked up.
 */
export async function firstFound<T>(
  forms: readonly string[],
  read: (form: string) => Promise<T | undefined>,
): Promise<{ form: string; value: T } | undefined> {
  for (const form of forms) {
    const value = await read(form);
    if (value !== undefined) return { form, value };
  }
  return undefined;
}
