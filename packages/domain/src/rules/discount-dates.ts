/**
 * A discount's start and end are calendar days, not instants. Each day is kept as the epoch
 * milliseconds of its 00:00 UTC and always read back in UTC, so the day the superadmin picked is
 * the day everyone sees, whatever their time zone. Which day it is today is a French calendar day
 * (docs/decisions/010-french-calendar-days.md).
 */

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses an `<input type="date">` value (AAAA-MM-JJ) into epoch ms at 00:00 UTC; null when it is
 * not a real day of the calendar.
 * @example parseCalendarDay('2026-02-28') // 1772236800000
 */
export function parseCalendarDay(value: string): number | null {
  const match = CALENDAR_DAY.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Date.UTC rolls 31 April over to 1 May: a day that does not exist comes back different.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return time;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Writes a stored day the French way, JJ/MM/AAAA.
 * @example formatFrenchDate(Date.UTC(2026, 0, 5)) // '05/01/2026'
 */
export function formatFrenchDate(epochMs: number): string {
  const date = new Date(epochMs);
  return `${twoDigits(date.getUTCDate())}/${twoDigits(date.getUTCMonth() + 1)}/${String(date.getUTCFullYear()).padStart(4, '0')}`;
}

/**
 * A stored day as an `<input type="date">` shows it, AAAA-MM-JJ: parseCalendarDay undone.
 * @example formatCalendarDay(Date.UTC(2026, 1, 28)) // '2026-02-28'
 */
export function formatCalendarDay(epochMs: number): string {
  const date = new Date(epochMs);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`;
}

const FRENCH_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * A day typed the French way, JJ/MM/AAAA, as a date input would send it (AAAA-MM-JJ), ready for
 * the schema; anything else is given back unchanged, for the schema to refuse with its message.
 * @example frenchDayToCalendarDay('05/01/2026') // '2026-01-05'
 */
export function frenchDayToCalendarDay(typed: string): string {
  const match = FRENCH_DAY.exec(typed.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : typed;
}

/**
 * What a date field shows while digits are typed: the slashes of JJ/MM/AAAA put in for the
 * typist, everything but digits dropped, eight digits at most.
 * @example maskFrenchDay('2411202') // '24/11/202'
 */
export function maskFrenchDay(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** A discount may start and end on the same day; it may not end before it starts. */
export function endsBeforeStart(startDay: number, endDay: number): boolean {
  return endDay < startDay;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`, when France changes its clocks. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

/**
 * France's offset from UTC at `now`: one hour, two in summer time, which runs from 01:00 UTC on
 * the last Sunday of March to 01:00 UTC on the last Sunday of October (the European rule France
 * follows since 1996). Computed rather than asked of `Intl.DateTimeFormat`, whose first use costs
 * a phone a hundred milliseconds or more of the page's start
 * (docs/decisions/044-french-time-without-intl.md).
 */
export function parisOffsetMs(now: number): number {
  const year = new Date(now).getUTCFullYear();
  const summer = now >= lastSundayAtOneUtc(year, 2) && now < lastSundayAtOneUtc(year, 9);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

/**
 * The calendar day it is in France at the instant `now`, stored the way discount days are (epoch
 * ms of its 00:00 UTC), whatever the server's time zone.
 * @example parisCalendarDay(Date.UTC(2026, 5, 14, 22, 30)) // Date.UTC(2026, 5, 15): 00:30 in Paris
 */
export function parisCalendarDay(now: number): number {
  const clock = parisClockTime(now);
  return clock - (((clock % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * What French clocks show at the instant `now`, as epoch ms to read back in UTC (`getUTCHours`…).
 * @example new Date(parisClockTime(Date.UTC(2026, 10, 24, 10, 5))).getUTCHours() // 11
 */
export function parisClockTime(now: number): number {
  return now + parisOffsetMs(now);
}

export type DiscountPhase = 'upcoming' | 'running' | 'ended';

/**
 * Where a discount stands on the French calendar day `today` (parisCalendarDay): both its first
 * and its last day count as running, as the app's list of current discounts has them.
 * @example discountPhase(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 31), Date.UTC(2026, 0, 31)) // 'running'
 */
export function discountPhase(startDay: number, endDay: number, today: number): DiscountPhase {
  if (today < startDay) return 'upcoming';
  return today > endDay ? 'ended' : 'running';
}

export const DISCOUNT_PHASE_LABELS: Record<DiscountPhase, string> = {
  upcoming: 'À venir',
  running: 'En cours',
  ended: 'Terminé',
};
