import { describe, expect, it } from 'vitest';
import { clearPrefill, peekPrefill, setPrefill, takePrefill } from './prefill';

describe('prefill', () => {
  it('hands a document over once, in memory', () => {
    setPrefill('52998224725');
    expect(peekPrefill()).toBe('52998224725');
    expect(takePrefill()).toBe('52998224725');
    expect(takePrefill()).toBeNull();
  });

  it('forgets a document that is cleared', () => {
    setPrefill('11144477735');
    clearPrefill();
    expect(peekPrefill()).toBeNull();
  });
});
