import { describe, expect, it } from 'vitest';
import { type Figure, formatTable, formatTarget, formatValue, judge, selectAreas } from './table';

const figure = (value: number, target?: Figure['target'], unit: Figure['unit'] = 'ms'): Figure => ({
  id: 'area.name',
  area: 'area',
  figure: 'a figure',
  value,
  unit,
  ...(target ? { target } : {}),
});

describe('judging a figure against its target', () => {
  it('passes a ceiling only below it, and gives the share of it used', () => {
    expect(judge(figure(40, { op: '<', value: 100 }))).toMatchObject({ pass: true, ratio: 0.4 });
    expect(judge(figure(100, { op: '<', value: 100 }))).toMatchObject({ pass: false, ratio: 1 });
    expect(judge(figure(100, { op: '≤', value: 100 }))).toMatchObject({ pass: true });
  });

  it('passes a floor at or above it', () => {
    expect(judge(figure(0.6, { op: '≥', value: 0.6 }, 'ratio'))).toMatchObject({ pass: true, ratio: 1 });
    expect(judge(figure(0.59, { op: '≥', value: 0.6 }, 'ratio')).pass).toBe(false);
    expect(judge(figure(0, { op: '>', value: 0 }, 'count'))).toMatchObject({ pass: false, ratio: null });
  });

  it('fails what could not be measured, and leaves a figure without a target unjudged', () => {
    expect(judge(figure(Number.NaN, { op: '<', value: 100 }))).toMatchObject({ pass: false, ratio: null });
    expect(judge(figure(Number.NaN, { op: '≥', value: 0.9 }, 'ratio')).pass).toBe(false);
    expect(judge(figure(12))).toMatchObject({ pass: null, ratio: null });
  });

  it('gives no ratio against a target of 0 or a yes/no', () => {
    expect(judge(figure(0, { op: '=', value: 0 }, 'count'))).toMatchObject({ pass: true, ratio: null });
    expect(judge(figure(1, { op: '=', value: 1 }, 'bool'))).toMatchObject({ pass: true, ratio: null });
  });
});

describe('writing values and targets', () => {
  it('writes each unit as read', () => {
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(2_213.3, 'ms')).toBe('2,213 ms');
    expect(formatValue(14619.4, 'req/s')).toBe('14,619 req/s');
    expect(formatValue(10_000, 'count')).toBe('10,000');
    expect(formatValue(0.6, 'ratio')).toBe('0.60');
    expect(formatValue(0, 'bool')).toBe('no');
    expect(formatValue(Number.NaN, 'ms')).toBe('n/a');
    expect(formatValue(Number.POSITIVE_INFINITY, 'ms')).toBe('∞');
  });

  it('writes whole targets without decimals', () => {
    expect(formatTarget(1_000, 'ms')).toBe('1,000 ms');
    expect(formatTarget(0.9, 'ratio')).toBe('0.90');
  });
});

describe('the table', () => {
  it('has a header, a rule and one aligned line a figure, with ok, FAIL or nothing in the pass column', () => {
    const table = formatTable([
      judge(figure(40, { op: '<', value: 100 })),
      judge({ ...figure(0.13, { op: '≥', value: 0.6 }, 'ratio'), figure: 'c/b' }),
      judge(figure(2_000, undefined, 'req/s')),
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^area\s+figure\s+value\s+target\s+ratio\s+pass$/);
    expect(lines[2]).toMatch(/40\.0 ms\s+< 100 ms\s+0\.40\s+ok$/);
    expect(lines[3]).toMatch(/0\.13\s+≥ 0\.60\s+0\.22\s+FAIL$/);
    expect(lines[4]).toMatch(/2,000 req\/s$/);
    // values are right-aligned: each ends where the header's 'value' does
    const end = (line: string | undefined, text: string) => (line ?? '').indexOf(text) + text.length;
    const column = end(lines[0], 'value');
    expect([end(lines[2], '40.0 ms'), end(lines[3], '0.13'), end(lines[4], '2,000 req/s')]).toEqual([
      column,
      column,
      column,
    ]);
  });
});

describe('choosing areas', () => {
  const known = ['proxy', 'hop', 'lighthouse'] as const;

  it('runs every area when none is named, and the named ones in their own order otherwise', () => {
    expect(selectAreas(undefined, known)).toEqual(['proxy', 'hop', 'lighthouse']);
    expect(selectAreas('', known)).toEqual(['proxy', 'hop', 'lighthouse']);
    expect(selectAreas('lighthouse, hop', known)).toEqual(['hop', 'lighthouse']);
  });

  it('refuses an unknown name rather than run nothing', () => {
    expect(() => selectAreas('hop,lighthose', known)).toThrow(/unknown lighthose/);
  });
});
