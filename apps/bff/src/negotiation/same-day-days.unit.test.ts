import { describe, expect, it } from 'vitest';
import { sameDayDays } from './same-day-days';

// 'Tudo no mesmo dia' offers the days some creditor takes, and names at once the creditors that take none.

const TODAY = '2026-12-02';

describe("'Tudo no mesmo dia's days", () => {
  it('offers only the days some creditor takes, each with its payment date', () => {
    const days = sameDayDays(TODAY, [{ nome: 'Lojas Horizonte', vencimentosMax: ['2026-12-17'] }]);
    // the 3rd to the 17th of December; the 1st and 2nd come in January, the 18th on is past the window
    expect(days.map((d) => d.dia)).toEqual(Array.from({ length: 15 }, (_, i) => i + 3));
    // the 5th is a Saturday: paid on Monday the 7th
    expect(days.find((d) => d.dia === 5)).toEqual({ dia: 5, vencimento: '2026-12-07', recusam: [] });
  });

  it('names the creditors that take none of their contracts on a day', () => {
    const days = sameDayDays(TODAY, [
      { nome: 'Lojas Horizonte', vencimentosMax: ['2026-12-17'] },
      // one contract until the 10th, another until the 21st: it takes every day to the 21st
      { nome: 'Ipê Eletro', vencimentosMax: ['2026-12-10', '2026-12-21'] },
      { nome: 'Banco Colibri', vencimentosMax: ['2026-12-08'] },
    ]);
    expect(days.find((d) => d.dia === 8)?.recusam).toEqual([]);
    expect(days.find((d) => d.dia === 9)?.recusam).toEqual(['Banco Colibri']);
    expect(days.find((d) => d.dia === 18)?.recusam).toEqual(['Lojas Horizonte', 'Banco Colibri']);
    expect(days.at(-1)?.dia).toBe(21);
  });

  it('offers no day when no creditor has offers', () => {
    expect(sameDayDays(TODAY, [{ nome: 'Lojas Horizonte', vencimentosMax: [] }])).toEqual([]);
    expect(sameDayDays(TODAY, [])).toEqual([]);
  });
});
