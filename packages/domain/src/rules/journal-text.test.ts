import { describe, expect, it } from 'vitest';
import { JOURNAL_KINDS } from '../constants/journal.ts';
import { describeChanges, formatJournalTime, JOURNAL_KIND_LABELS } from './journal-text.ts';

describe('journal texts', () => {
  it('names every kind', () => {
    for (const kind of JOURNAL_KINDS) expect(JOURNAL_KIND_LABELS[kind]).toMatch(/\S/);
  });

  it('writes changes as one French line', () => {
    expect(
      describeChanges({
        title: { before: 'Avant', after: 'Après' },
        code: { before: '', after: 'PROMO' },
        end_date: { before: Date.UTC(2026, 2, 31), after: Date.UTC(2026, 3, 15) },
        hor_img_url: { before: 'videos/u/a.jpg', after: 'videos/u/b.jpg' },
        is_active: { before: true, after: false },
        categories: { before: ['a'], after: ['a', 'b'] },
      }),
    ).toBe(
      'titre : Avant → Après ; code : (vide) → PROMO ; fin : 31/03/2026 → 15/04/2026 ; image horizontale remplacée ; actif : oui → non ; catégories : 1 → 2',
    );
    expect(describeChanges({})).toBe('');
  });

  it('tells the time in France', () => {
    expect(formatJournalTime(Date.UTC(2026, 10, 24, 10, 5))).toBe('24/11/2026 11:05');
    expect(formatJournalTime(Date.UTC(2026, 6, 14, 22, 30))).toBe('15/07/2026 00:30');
  });

  it('writes the time French clocks show, each quarter of an hour from 2024 to 2030', () => {
    const parisTime = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const mismatches: string[] = [];
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2031, 0, 1); at += 15 * 60_000) {
      if (formatJournalTime(at) !== parisTime.format(at).replace(',', ''))
        mismatches.push(new Date(at).toISOString());
    }
    expect(mismatches).toEqual([]);
  });
});
