import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import {
  actorText,
  describeChanges,
  formatJournalTime,
  JOURNAL_KIND_LABELS,
} from '@coulisses/domain/rules/journal-text';
import type { JournalItemType, JournalKind } from '@coulisses/domain/constants/journal';
import type { JournalChanges, JournalEntry, JournalQuery } from '@coulisses/domain/schemas/journal';
import type { Page } from '@coulisses/domain/schemas/common';
import { nowOf, type AppContext } from '../../context.ts';
import type { KeysetCsv } from '../../lib/csv-stream.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import type { JournalEntriesTable } from '../../db/types.ts';
import { insertJournalEntry, listJournalEntries, listJournalEntriesSince } from './journal.repository.ts';

/** Who made a change: the signed-in user, as their session knows them. */
export interface Actor {
  id: string;
  email: string;
}

export interface JournalRecord {
  kind: JournalKind;
  item: { type: JournalItemType; id: string; label: string };
  /** The account the change concerns, whose 'Activité' shows it (a creator, a video's owner). */
  aboutUserId?: string | null;
  changes?: JournalChanges;
}

/**
 * Writes one entry. Call it with the change's transaction (`tx`), so that a change that fails
 * leaves no entry and an entry never describes a change that did not happen.
 */
export async function recordChange(tx: AppContext, actor: Actor | null, record: JournalRecord) {
  await insertJournalEntry(tx.db, {
    id: newId(),
    at: nowOf(tx),
    actor_id: actor?.id ?? null,
    actor_email: actor?.email ?? null,
    kind: record.kind,
    item_type: record.item.type,
    item_id: record.item.id,
    item_label: record.item.label,
    about_user_id: record.aboutUserId ?? null,
    changes: JSON.stringify(record.changes ?? {}),
  });
}

export function toJournalEntry(row: JournalEntriesTable): JournalEntry {
  return {
    id: row.id,
    at: Number(row.at),
    actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? '' },
    kind: row.kind as JournalKind,
    item: { type: row.item_type as JournalItemType, id: row.item_id, label: row.item_label },
    changes: JSON.parse(row.changes) as JournalChanges,
  };
}

async function pageOf(
  { db }: AppContext,
  filters: { actorEmail?: string; kind?: string; aboutUserId?: string },
  after: string | undefined,
): Promise<Page<JournalEntry>> {
  const cursor = decodeCursor(after, 2);
  const rows = await listJournalEntries(db, {
    ...filters,
    before: cursor && { at: Number(cursor[0]), id: cursor[1] ?? '' },
    limit: PAGE_SIZE + 1,
  });
  return toPage(rows, PAGE_SIZE, (row) => [String(row.at), row.id], toJournalEntry);
}

/** `/journal`: every entry, newest first, 50 a page, filtered by who and by kind. */
export function getJournal(context: AppContext, query: JournalQuery): Promise<Page<JournalEntry>> {
  return pageOf(context, { actorEmail: query.actor || undefined, kind: query.kind }, query.after);
}

/** A creator's 'Activité': the entries about their own account and videos. */
export function getActivity(
  context: AppContext,
  userId: string,
  after?: string,
): Promise<Page<JournalEntry>> {
  return pageOf(context, { aboutUserId: userId }, after);
}

/**
 * The journal since an instant, oldest first, as the CSV export reads it: one page at a time, so
 * a year of entries never sits in memory.
 */
export function journalCsv({ db }: AppContext, since: number): KeysetCsv<JournalEntriesTable> {
  return {
    header: ['Date', 'Qui', 'Action', 'Élément', 'Identifiant', 'Changements'],
    readPage: (after, limit) => {
      const [at, id] = after?.split(' ') ?? [];
      return listJournalEntriesSince(db, {
        since,
        after: at === undefined ? undefined : { at: Number(at), id: id ?? '' },
        limit,
      });
    },
    cursorOf: (row) => `${row.at} ${row.id}`,
    cellsOf: (row) => {
      const entry = toJournalEntry(row);
      return [
        formatJournalTime(entry.at),
        actorText(entry),
        JOURNAL_KIND_LABELS[entry.kind],
        entry.item.label,
        entry.item.id,
        describeChanges(entry.changes),
      ];
    },
  };
}
