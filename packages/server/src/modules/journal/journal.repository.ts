import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { JournalEntriesTable } from '../../db/types.ts';

export async function insertJournalEntry(db: Database, entry: Insertable<JournalEntriesTable>) {
  await db.insertInto('journal_entries').values(entry).execute();
}

/** Newest first, `limit` rows, after the (at, id) of the last row shown; each filter optional. */
export function listJournalEntries(
  db: Database,
  options: {
    actorEmail?: string;
    kind?: string;
    aboutUserId?: string;
    before?: { at: number; id: string };
    limit: number;
  },
) {
  let query = db
    .selectFrom('journal_entries')
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.actorEmail !== undefined) query = query.where('actor_email', '=', options.actorEmail);
  if (options.kind !== undefined) query = query.where('kind', '=', options.kind);
  if (options.aboutUserId !== undefined) query = query.where('about_user_id', '=', options.aboutUserId);
  const { before } = options;
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
    );
  }
  return query.execute();
}

/** Entries since `since` (epoch ms), oldest first, `limit` rows after the (at, id) given. */
export function listJournalEntriesSince(
  db: Database,
  options: { since: number; after?: { at: number; id: string }; limit: number },
) {
  let query = db
    .selectFrom('journal_entries')
    .selectAll()
    .where('at', '>=', options.since)
    .orderBy('at')
    .orderBy('id')
    .limit(options.limit);
  const { after } = options;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '>', after.at), eb.and([eb('at', '=', after.at), eb('id', '>', after.id)])]),
    );
  }
  return query.execute();
}
