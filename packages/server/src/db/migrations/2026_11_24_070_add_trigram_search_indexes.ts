import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Searches look for a term anywhere in a normalised column (db/conditions.ts containsTerm). On
// PostgreSQL a trigram index answers those LIKE '%term%' conditions without reading every row.
const SEARCHED = [
  ['videos', 'title_search'],
  ['discounts', 'title_search'],
  ['users', 'email'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [table, column] of SEARCHED) {
    await sql`create index ${sql.id(`${table}_${column}_trigram`)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, column] of SEARCHED) {
    await sql`drop index ${sql.id(`${table}_${column}_trigram`)}`.execute(db);
  }
}
