import type { Kysely } from 'kysely';

// Videos and discounts can be edited: each row counts its saved edits, and a save names the version
// its form was opened at, so a stale form is refused instead of overwriting a change nobody saw
// (modules/videos/videos.service.ts, modules/discounts/discounts.service.ts).
const VERSIONED = ['videos', 'discounts'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED) await db.schema.alterTable(table).dropColumn('version').execute();
}
