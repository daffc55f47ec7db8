import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parisOffsetMs, parseCalendarDay } from '@coulisses/domain/rules/discount-dates';
import { invocationDir } from '../config/env.ts';
import type { AppContext } from '../context.ts';
import { keysetCsvStream } from '../lib/csv-stream.ts';
import { journalCsv } from '../modules/journal/journal.service.ts';

export class JournalExportError extends Error {}

/** 00:00 in France on the day AAAA-MM-JJ, as epoch ms; France is one or two hours ahead of UTC. */
export function parisMidnight(day: string): number | null {
  const utcMidnight = parseCalendarDay(day);
  if (utcMidnight === null) return null;
  return utcMidnight - parisOffsetMs(utcMidnight);
}

/**
 * `journal export --since AAAA-MM-JJ [--out fichier]`: the entries since that day (French time),
 * oldest first, streamed into a CSV file a French spreadsheet opens as it is.
 */
export async function journalExportCommand(
  context: AppContext,
  options: { since?: string; out?: string },
): Promise<string> {
  const since = options.since === undefined ? null : parisMidnight(options.since);
  if (since === null) {
    throw new JournalExportError(
      'Indique le premier jour à exporter : --since AAAA-MM-JJ (par exemple 2026-11-01).',
    );
  }
  const target = path.resolve(invocationDir(), options.out ?? `journal-depuis-${options.since}.csv`);
  const csv = journalCsv(context, since);
  let entries = 0;
  const counted = {
    ...csv,
    cellsOf: (row: Parameters<typeof csv.cellsOf>[0]) => {
      entries += 1;
      return csv.cellsOf(row);
    },
  };
  await pipeline(keysetCsvStream(counted), fs.createWriteStream(target));
  return `Journal écrit dans ${target} : ${entries} entrée(s) depuis le ${options.since}.`;
}
