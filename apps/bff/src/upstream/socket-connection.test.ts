import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './socket-connection';

const backoff = { initial: 250, max: 30_000 };

describe('reconnectDelay', () => {
  it('doubles its ceiling with each failure, up to the cap', () => {
    const ceilings = [0, 1, 2, 3, 4, 7, 8, 20].map((failures) => reconnectDelay(failures, backoff, () => 1));
    expect(ceilings).toEqual([250, 500, 1_000, 2_000, 4_000, 30_000, 30_000, 30_000]);
  });

  it('draws the wait between half the ceiling and the ceiling', () => {
    expect(reconnectDelay(3, backoff, () => 0)).toBe(1_000);
    expect(reconnectDelay(3, backoff, () => 0.5)).toBe(1_500);
    expect(reconnectDelay(30, backoff, () => 0)).toBe(15_000);
  });

  it('spreads instances that failed together (jitter)', () => {
    const waits = new Set(Array.from({ length: 50 }, () => reconnectDelay(5, backoff)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(4_000);
      expect(wait).toBeLessThanOrEqual(8_000);
    }
  });
});
