import type { Kysely } from 'kysely';

// Deleting a video or a discount asks whether another row still points at its image
// (modules/maintenance/file-references.service.ts): an index answers without reading every row.
// Creators are few (one per creator account), so their columns stay unindexed.
const INDEXED = [
  ['videos', 'hor_img_url'],
  ['videos', 'ver_img_url'],
  ['discounts', 'image_url'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of INDEXED) {
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of INDEXED) {
    await db.schema.dropIndex(`${table}_${column}`).execute();
  }
}
