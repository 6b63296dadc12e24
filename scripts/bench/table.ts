// The bench's figures, judged against their targets, as one table and as the rows of bench/results.json.

export type Unit = 'ms' | 'µs' | 's' | 'req/s' | 'MB' | 'count' | 'ratio' | 'score' | 'bool';
export type Comparison = '<' | '≤' | '>' | '≥' | '=';

export interface Figure {
  /** stable key in results.json, `area.name` */
  id: string;
  area: string;
  figure: string;
  /** NaN when it could not be measured; booleans are 1 (yes) and 0 (no) */
  value: number;
  unit: Unit;
  /** none: reported, not judged */
  target?: { op: Comparison; value: number };
}

interface Judged extends Figure {
  /** value / target; null without a target or when the target is 0 */
  ratio: number | null;
  /** null without a target */
  pass: boolean | null;
}

function meets(value: number, { op, value: target }: { op: Comparison; value: number }): boolean {
  switch (op) {
    case '<':
      return value < target;
    case '≤':
      return value <= target;
    case '>':
      return value > target;
    case '≥':
      return value >= target;
    case '=':
      return value === target;
  }
}

export function judge(figure: Figure): Judged {
  const { target, value } = figure;
  if (!target) return { ...figure, ratio: null, pass: null };
  const ratio = target.value === 0 || figure.unit === 'bool' ? null : value / target.value;
  return {
    ...figure,
    ratio: ratio !== null && Number.isFinite(ratio) ? ratio : null,
    pass: meets(value, target),
  };
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatValue(value: number, unit: Unit): string {
  if (Number.isNaN(value)) return 'n/a';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  switch (unit) {
    case 'ms':
      return Math.abs(value) < 100 ? `${value.toFixed(1)} ms` : `${grouped.format(value)} ms`;
    case 'µs':
      return `${grouped.format(value)} µs`;
    case 's':
      return `${value.toFixed(1)} s`;
    case 'req/s':
      return `${grouped.format(value)} req/s`;
    case 'MB':
      return `${value.toFixed(1)} MB`;
    case 'count':
    case 'score':
      return grouped.format(value);
    case 'ratio':
      return value.toFixed(2);
    case 'bool':
      return value ? 'yes' : 'no';
  }
}

/** A target as it is written: a whole number of ms, MB or s without decimals. */
export function formatTarget(value: number, unit: Unit): string {
  return Number.isInteger(value) && (unit === 'ms' || unit === 'MB' || unit === 's')
    ? `${grouped.format(value)} ${unit}`
    : formatValue(value, unit);
}

/** The whole table: area, figure, value, target, ratio (value / target), pass; `ok`, `FAIL` or blank. */
export function formatTable(rows: readonly Judged[]): string {
  const header = ['area', 'figure', 'value', 'target', 'ratio', 'pass'];
  const cells = rows.map((r) => [
    r.area,
    r.figure,
    formatValue(r.value, r.unit),
    r.target ? `${r.target.op} ${formatTarget(r.target.value, r.unit)}` : '',
    r.ratio === null ? '' : r.ratio.toFixed(2),
    r.pass === null ? '' : r.pass ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  // text left, numbers right
  const align = ['l', 'l', 'r', 'l', 'r', 'l'];
  const line = (c: readonly string[]) =>
    c
      .map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** Which areas to run: all of `known` when `only` is empty, else the ones it names (unknown names throw). */
export function selectAreas<T extends string>(only: string | undefined, known: readonly T[]): T[] {
  const names = (only ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return [...known];
  const unknown = names.filter((n) => !(known as readonly string[]).includes(n));
  if (unknown.length)
    throw new Error(`BENCH_ONLY: unknown ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return known.filter((k) => names.includes(k));
}
