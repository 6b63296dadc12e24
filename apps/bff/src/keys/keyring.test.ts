import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyring, keyIdOf } from './keyring';

const A = 'the-first-secret-of-this-test-0123456789';
const B = 'the-second-secret-of-this-test-9876543210';
const C = 'the-third-secret-of-this-test-5555555555';
/** The MAC as the BFF made it before keyed values carried an id: a bare base64url HMAC of purpose:value. */
const bare = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('base64url');

describe('the keyring', () => {
  it('names each key by an id derived from its secret: 8 characters, the same on every instance', () => {
    expect(keyIdOf(A)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(keyIdOf(A)).toBe(keyIdOf(A));
    expect(keyIdOf(A)).not.toBe(keyIdOf(B));
    expect(keyIdOf(A)).not.toContain(A.slice(0, 8));
    // the id the device cookies named their key with before every keyed value carried one
    expect(keyIdOf(A)).toBe(bare(A, 'device-key:').slice(0, 8));
    const ring = createKeyring(B, [A]);
    expect(ring.newest).toBe(keyIdOf(B));
    expect(ring.ids).toEqual([keyIdOf(B), keyIdOf(A)]);
    expect([ring.has(keyIdOf(A)), ring.has(keyIdOf(C))]).toEqual([true, false]);
  });

  it('writes with the newest key, the value carrying its id', () => {
    const ring = createKeyring(B, [A]);
    const signed = ring.sign('sessions-of', '52998224725');
    expect(signed).toBe(`k${keyIdOf(B)}.${bare(B, 'sessions-of:52998224725')}`);
    expect(signed).not.toContain('52998224725');
    expect(ring.idOf(signed)).toBe(keyIdOf(B));
    expect(ring.sign('sessions-of', '52998224725', keyIdOf(A))).toBe(
      `k${keyIdOf(A)}.${bare(A, 'sessions-of:52998224725')}`,
    );
    // another purpose, another value: the same document keyed for two uses says nothing about the other
    expect(ring.sign('agreement-owner', '52998224725')).not.toBe(signed);
    // no purpose: the bare value, as the rate limiter's counters were keyed
    expect(ring.mac(null, '203.0.113.7')).toBe(bare(B, '203.0.113.7'));
  });

  it('looks up every form a value may have been written in, newest first, those made before ids last', () => {
    const ring = createKeyring(C, [B, A]);
    expect(ring.candidates('quitacao-owner', 'x')).toEqual([
      `k${keyIdOf(C)}.${bare(C, 'quitacao-owner:x')}`,
      `k${keyIdOf(B)}.${bare(B, 'quitacao-owner:x')}`,
      `k${keyIdOf(A)}.${bare(A, 'quitacao-owner:x')}`,
      bare(C, 'quitacao-owner:x'),
      bare(B, 'quitacao-owner:x'),
      bare(A, 'quitacao-owner:x'),
    ]);
    expect(ring.candidates('quitacao-owner', 'x')[0]).toBe(ring.sign('quitacao-owner', 'x'));
  });

  it('verifies a value of any configured key, and one made before ids under any key', () => {
    const before = createKeyring(A);
    const after = createKeyring(B, [A]);
    const signedByA = before.sign('quitacao-owner', 'doc');
    expect(after.verify('quitacao-owner', 'doc', signedByA)).toBe(true);
    expect(after.verify('quitacao-owner', 'doc', after.sign('quitacao-owner', 'doc'))).toBe(true);
    expect(after.verify('quitacao-owner', 'doc', bare(A, 'quitacao-owner:doc'))).toBe(true);
    expect(after.verify('quitacao-owner', 'doc', bare(B, 'quitacao-owner:doc'))).toBe(true);
  });

  it('refuses another value, another purpose, a dropped key, a forged id and anything malformed', () => {
    const ring = createKeyring(B, [A]);
    const good = ring.sign('quitacao-owner', 'doc');
    const [, mac = ''] = good.split('.');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const given of [
      ring.sign('quitacao-owner', 'other'),
      ring.sign('agreement-owner', 'doc'),
      createKeyring(C).sign('quitacao-owner', 'doc'),
      // a MAC of the newest key presented under the previous key's id
      `k${keyIdOf(A)}.${mac}`,
      `k${keyIdOf(B)}.${flipped}`,
      `k${keyIdOf(B)}.`,
      `k${keyIdOf(B)}${mac}`,
      bare(C, 'quitacao-owner:doc'),
      '',
      'k.x',
    ])
      expect(ring.verify('quitacao-owner', 'doc', given)).toBe(false);
    // once the previous key is dropped, what it signed is no longer trusted
    expect(
      createKeyring(B).verify('quitacao-owner', 'doc', createKeyring(A).sign('quitacao-owner', 'doc')),
    ).toBe(false);
  });

  it('refuses a key configured twice, and signing with a key it does not hold', () => {
    expect(() => createKeyring(A, [B, A])).toThrow('the same key is configured twice');
    expect(() => createKeyring(B).sign('x', 'y', keyIdOf(A))).toThrow(/no key/);
    expect(createKeyring(B).idOf(bare(B, 'x:y'))).toBeUndefined();
  });
});
