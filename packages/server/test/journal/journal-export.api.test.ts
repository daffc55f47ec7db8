import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisMidnight } from '../../src/cli/journal-command.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { runCli } from '../maintenance/run-cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const entry = (i: number, at: number, extra: Partial<{ label: string; changes: string }> = {}) => ({
  id: `export-${String(i).padStart(5, '0')}`,
  at,
  actor_id: 'admin-id',
  actor_email: 'admin@exemple.fr',
  kind: 'video.edited',
  item_type: 'video',
  item_id: `video-${i}`,
  item_label: extra.label ?? `Vidéo ${i}`,
  about_user_id: null,
  changes: extra.changes ?? '{}',
});

describe('npm run cli -- journal export --since', () => {
  it('starts the day at midnight in France, summer and winter', () => {
    expect(parisMidnight('2026-11-24')).toBe(Date.UTC(2026, 10, 23, 23));
    expect(parisMidnight('2026-07-14')).toBe(Date.UTC(2026, 6, 13, 22));
    // The days France changes its clocks begin before the change, at 01:00 UTC.
    expect(parisMidnight('2026-03-29')).toBe(Date.UTC(2026, 2, 28, 23));
    expect(parisMidnight('2026-10-25')).toBe(Date.UTC(2026, 9, 24, 22));
    expect(parisMidnight('2026-02-30')).toBeNull();
  });

  it('writes the entries since that day, oldest first, as a CSV a French spreadsheet opens, page after page', async () => {
    const since = parisMidnight('2026-11-01')!;
    const rows = [
      entry(0, since - 1, { label: 'Trop tôt' }),
      entry(1, since, {
        label: '=HYPERLINK("x")',
        changes: JSON.stringify({ title: { before: 'Avant; "guillemets"', after: '=HYPERLINK("x")' } }),
      }),
      ...Array.from({ length: 2500 }, (_, i) => entry(i + 2, since + 1000 + i)),
    ];
    for (let i = 0; i < rows.length; i += 500) {
      await t.db
        .insertInto('journal_entries')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const out = path.join(t.dataDir, 'journal.csv');
    const result = await runCli(t, ['journal', 'export', '--since', '2026-11-01', '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(`Journal écrit dans ${out} : 2501 entrée(s) depuis le 2026-11-01.`);

    const text = fs.readFileSync(out, 'utf8');
    expect(text.startsWith('\uFEFFDate;Qui;Action;Élément;Identifiant;Changements\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2502);
    expect(lines[1]).toBe(
      `01/11/2026 00:00;admin@exemple.fr;Vidéo modifiée;"'=HYPERLINK(""x"")";video-1;"titre : Avant; ""guillemets"" → =HYPERLINK(""x"")"`,
    );
    expect(lines.at(-1)).toContain(';video-2501;');
    expect(text).not.toContain('Trop tôt');
  });

  it('refuses a missing or impossible day, writing nothing', async () => {
    for (const args of [[], ['--since', '2026-13-01']]) {
      const result = await runCli(t, ['journal', 'export', ...args]);
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim()).toBe(
        'Indique le premier jour à exporter : --since AAAA-MM-JJ (par exemple 2026-11-01).',
      );
    }
  });
});
