import { describe, expect, it } from 'vitest';
import { percentile } from './latency';

describe('a percentile of pooled latencies', () => {
  it('is a value that was measured, at its nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([3, 1, 2], 50)).toBe(2);
  });

  it('takes the smallest at 0 and the only value of one', () => {
    expect(percentile([5, 7], 0)).toBe(5);
    expect(percentile([42], 99)).toBe(42);
  });

  it('is not a number when nothing was measured', () => {
    expect(percentile([], 99)).toBeNaN();
  });
});
