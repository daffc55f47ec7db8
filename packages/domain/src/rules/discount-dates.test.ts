import { describe, expect, it } from 'vitest';
import {
  discountPhase,
  endsBeforeStart,
  formatCalendarDay,
  formatFrenchDate,
  frenchDayToCalendarDay,
  maskFrenchDay,
  parisCalendarDay,
  parseCalendarDay,
} from './discount-dates.ts';

describe(parseCalendarDay.name, () => {
  it('reads a date input value as 00:00 UTC of that day', () => {
    expect(parseCalendarDay('2026-02-28')).toBe(Date.UTC(2026, 1, 28));
    expect(parseCalendarDay(' 2024-12-31 ')).toBe(Date.UTC(2024, 11, 31));
  });

  it('accepts 29 February in a leap year only', () => {
    expect(parseCalendarDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseCalendarDay('2026-02-29')).toBeNull();
  });

  it.each(['', '2026-04-31', '2026-13-01', '2026-00-10', '26-01-01', '01/02/2026', '2026-1-5', 'demain'])(
    'refuses %j',
    (value) => {
      expect(parseCalendarDay(value)).toBeNull();
    },
  );
});

describe(formatFrenchDate.name, () => {
  it('writes JJ/MM/AAAA with leading zeros', () => {
    expect(formatFrenchDate(Date.UTC(2026, 0, 5))).toBe('05/01/2026');
    expect(formatFrenchDate(Date.UTC(2025, 11, 31))).toBe('31/12/2025');
  });

  it('shows the day that was picked, read back in UTC', () => {
    const day = parseCalendarDay('2026-07-14');
    expect(day).not.toBeNull();
    expect(formatFrenchDate(day ?? 0)).toBe('14/07/2026');
  });
});

describe(endsBeforeStart.name, () => {
  const start = Date.UTC(2026, 5, 10);
  it('refuses an end the day before the start', () => {
    expect(endsBeforeStart(start, Date.UTC(2026, 5, 9))).toBe(true);
  });
  it('allows a one-day discount and a later end', () => {
    expect(endsBeforeStart(start, start)).toBe(false);
    expect(endsBeforeStart(start, Date.UTC(2026, 5, 11))).toBe(false);
  });
});

describe(parisCalendarDay.name, () => {
  it('changes day at midnight in Paris, not at midnight UTC (summer time, UTC+2)', () => {
    expect(parisCalendarDay(Date.UTC(2026, 5, 14, 21, 59, 59, 999))).toBe(Date.UTC(2026, 5, 14));
    expect(parisCalendarDay(Date.UTC(2026, 5, 14, 22, 0))).toBe(Date.UTC(2026, 5, 15));
    expect(parisCalendarDay(Date.UTC(2026, 5, 15, 0, 30))).toBe(Date.UTC(2026, 5, 15));
  });

  it('changes day at 23:00 UTC in winter (UTC+1), across a year end', () => {
    expect(parisCalendarDay(Date.UTC(2026, 11, 31, 22, 59, 59, 999))).toBe(Date.UTC(2026, 11, 31));
    expect(parisCalendarDay(Date.UTC(2026, 11, 31, 23, 0))).toBe(Date.UTC(2027, 0, 1));
  });

  it('moves to summer time at 01:00 UTC on the last Sunday of March, back on the last Sunday of October', () => {
    // 29 March 2026: 00:59 UTC is 01:59 in Paris, 01:00 UTC is 03:00; the day changes at 22:00 UTC.
    expect(parisCalendarDay(Date.UTC(2026, 2, 28, 22, 59))).toBe(Date.UTC(2026, 2, 28));
    expect(parisCalendarDay(Date.UTC(2026, 2, 28, 23, 0))).toBe(Date.UTC(2026, 2, 29));
    expect(parisCalendarDay(Date.UTC(2026, 2, 29, 21, 59))).toBe(Date.UTC(2026, 2, 29));
    expect(parisCalendarDay(Date.UTC(2026, 2, 29, 22, 0))).toBe(Date.UTC(2026, 2, 30));
    // 25 October 2026: summer time until 01:00 UTC, so that evening the day changes at 23:00 UTC.
    expect(parisCalendarDay(Date.UTC(2026, 9, 24, 21, 59))).toBe(Date.UTC(2026, 9, 24));
    expect(parisCalendarDay(Date.UTC(2026, 9, 24, 22, 0))).toBe(Date.UTC(2026, 9, 25));
    expect(parisCalendarDay(Date.UTC(2026, 9, 25, 22, 59))).toBe(Date.UTC(2026, 9, 25));
    expect(parisCalendarDay(Date.UTC(2026, 9, 25, 23, 0))).toBe(Date.UTC(2026, 9, 26));
  });

  it('gives the day the time zone database gives, for every hour and every clock change from 1996 to 2037', () => {
    const parisDay = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const hour = 3_600_000;
    const mismatches: string[] = [];
    for (let now = Date.UTC(1996, 0, 1); now < Date.UTC(2038, 0, 1); now += hour) {
      // Each hour, and the last minute before it: the minute a day or an offset changes.
      for (const instant of [now, now - 60_000]) {
        const expected = Date.parse(`${parisDay.format(instant)}T00:00:00Z`);
        if (parisCalendarDay(instant) !== expected) mismatches.push(new Date(instant).toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe(formatCalendarDay.name, () => {
  it('gives back the day an edit form started from, for every day of a leap year', () => {
    for (let day = Date.UTC(2028, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      expect(parseCalendarDay(formatCalendarDay(day))).toBe(day);
    }
    expect(formatCalendarDay(Date.UTC(2026, 1, 28))).toBe('2026-02-28');
  });
});

describe(discountPhase.name, () => {
  const start = Date.UTC(2026, 0, 10);
  const end = Date.UTC(2026, 0, 20);

  it('is upcoming before its first day, running from its first to its last day, ended after', () => {
    expect(discountPhase(start, end, Date.UTC(2026, 0, 9))).toBe('upcoming');
    expect(discountPhase(start, end, start)).toBe('running');
    expect(discountPhase(start, end, Date.UTC(2026, 0, 15))).toBe('running');
    expect(discountPhase(start, end, end)).toBe('running');
    expect(discountPhase(start, end, Date.UTC(2026, 0, 21))).toBe('ended');
  });

  it('runs for its one day when it starts and ends on the same day', () => {
    expect(discountPhase(start, start, start)).toBe('running');
  });
});

describe(frenchDayToCalendarDay.name, () => {
  it('turns JJ/MM/AAAA into the date input’s AAAA-MM-JJ', () => {
    expect(frenchDayToCalendarDay('05/01/2026')).toBe('2026-01-05');
    expect(frenchDayToCalendarDay(' 31/12/2026 ')).toBe('2026-12-31');
  });

  it.each(['', '5/1/2026', '05/01/26', 'demain', '2026-01-05'])(
    'leaves %j for the schema to judge',
    (typed) => {
      expect(frenchDayToCalendarDay(typed)).toBe(typed);
    },
  );

  it('gives a day that does not exist to the schema, which refuses it', () => {
    expect(parseCalendarDay(frenchDayToCalendarDay('31/04/2026'))).toBeNull();
  });
});

describe(maskFrenchDay.name, () => {
  it.each([
    ['', ''],
    ['2', '2'],
    ['24', '24'],
    ['241', '24/1'],
    ['2411', '24/11'],
    ['24112026', '24/11/2026'],
    ['24/11/2026', '24/11/2026'],
    ['24-11-2026', '24/11/2026'],
    ['241120261', '24/11/2026'],
    ['24/1', '24/1'],
  ])('%j → %j', (typed, shown) => {
    expect(maskFrenchDay(typed)).toBe(shown);
  });
});
