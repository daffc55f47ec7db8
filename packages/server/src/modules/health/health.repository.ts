import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One round trip to the database, reading nothing. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}
