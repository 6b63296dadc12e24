import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store';

describe('memory store', () => {
  it('forgets a record after its time to live', async () => {
    let now = 1_000;
    const store = createMemoryStore({ now: () => now });
    await store.set('k', { a: 1 }, 500);
    expect(await store.get('k')).toEqual({ a: 1 });
    now += 500;
    expect(await store.get('k')).toBeUndefined();
    await store.close();
  });

  it('hands out copies, so a caller cannot change a stored record by reference', async () => {
    const store = createMemoryStore();
    const record = { n: 1 };
    await store.set('k', record, 1_000);
    record.n = 2;
    const read = await store.get<{ n: number }>('k');
    expect(read).toEqual({ n: 1 });
    if (read) read.n = 3;
    expect(await store.get('k')).toEqual({ n: 1 });
    await store.close();
  });

  it('counts within a window that starts at the first hit and does not slide', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    expect(
      await Promise.all([store.increment('c', 100), store.increment('c', 100), store.increment('c', 100)]),
    ).toEqual([1, 2, 3]);
    now = 90;
    expect(await store.increment('c', 100)).toBe(4);
    now = 100;
    expect(await store.count('c')).toBe(0);
    expect(await store.increment('c', 100)).toBe(1);
    await store.close();
  });

  it('claims a key once: the first writer wins until the record expires', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    expect(await Promise.all([store.claim('k', { by: 1 }, 100), store.claim('k', { by: 2 }, 100)])).toEqual([
      true,
      false,
    ]);
    expect(await store.get('k')).toEqual({ by: 1 });
    now = 100;
    expect(await store.claim('k', { by: 3 }, 100)).toBe(true);
    expect(await store.get('k')).toEqual({ by: 3 });
    await store.close();
  });

  it('releases a claim only for the value it was claimed with', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    await store.claim('k', 'first', 100);
    expect(await store.release('k', 'second')).toBe(false);
    expect(await store.get('k')).toBe('first');
    expect(await store.release('k', 'first')).toBe(true);
    expect(await store.get('k')).toBeUndefined();
    // a claim expired and taken by another is not the first holder's to release
    await store.claim('k', 'first', 100);
    now = 100;
    await store.claim('k', 'third', 100);
    expect(await store.release('k', 'first')).toBe(false);
    expect(await store.get('k')).toBe('third');
    expect(await store.release('missing', 'first')).toBe(false);
    await store.close();
  });

  it('moves the time to live of an existing key only, its value untouched', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    await store.set('k', { v: 1 }, 100);
    now = 90;
    await store.expire('k', 100);
    await store.expire('missing', 100);
    now = 180;
    expect(await store.get('k')).toEqual({ v: 1 });
    expect(await store.get('missing')).toBeUndefined();
    now = 190;
    expect(await store.get('k')).toBeUndefined();
    await store.close();
  });
});
