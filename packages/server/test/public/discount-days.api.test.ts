import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { seedDiscount } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t.close();
});

/** A discount over whole calendar days, stored as 00:00 UTC of each day. */
async function discountOver(title: string, startDay: number, endDay: number) {
  const id = await seedDiscount(t, title, { startInDays: 0, endInDays: 0 });
  await t.db
    .updateTable('discounts')
    .set({ start_date: startDay, end_date: endDay })
    .where('id', '=', id)
    .execute();
  return id;
}

async function runningIdsAt(instant: number): Promise<string[]> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  const response = await t.app.inject({ method: 'GET', url: '/api/public/discounts' });
  vi.useRealTimers();
  expect(response.statusCode).toBe(200);
  return response.json().items.map((item: { id: string }) => item.id);
}

describe('GET /api/public/discounts: days are French calendar days', () => {
  const june14 = Date.UTC(2026, 5, 14);
  const june15 = Date.UTC(2026, 5, 15);

  it('shows a one-day discount for the whole of its day in Paris, and not a minute more', async () => {
    const oneDay = await discountOver('Un seul jour', june14, june14);
    const nextDay = await discountOver('Le lendemain', june15, june15);

    const morning = await runningIdsAt(Date.UTC(2026, 5, 14, 6, 0));
    expect(morning).toContain(oneDay);
    expect(morning).not.toContain(nextDay);

    // 23:59 in Paris (summer time): still its end day, though it is past 00:00 UTC of that day.
    const lastMinute = await runningIdsAt(Date.UTC(2026, 5, 14, 21, 59));
    expect(lastMinute).toContain(oneDay);
    expect(lastMinute).not.toContain(nextDay);

    // 00:30 in Paris the next day, still 14 June in UTC.
    const afterMidnight = await runningIdsAt(Date.UTC(2026, 5, 14, 22, 30));
    expect(afterMidnight).not.toContain(oneDay);
    expect(afterMidnight).toContain(nextDay);
  });

  it('keeps a longer discount through its end day', async () => {
    const week = await discountOver('Une semaine', Date.UTC(2026, 5, 8), june14);
    expect(await runningIdsAt(Date.UTC(2026, 5, 14, 20, 0))).toContain(week);
    expect(await runningIdsAt(Date.UTC(2026, 5, 15, 10, 0))).not.toContain(week);
  });
});
