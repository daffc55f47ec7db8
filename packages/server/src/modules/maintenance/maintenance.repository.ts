import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isExternalImage } from '../../lib/storage.ts';

/**
 * The storage keys in every image column, each key once: all of them, or only those among `among`
 * (the image columns of videos and discounts are indexed for that lookup).
 */
function imageKeys(db: Database, among?: readonly string[]) {
  const within = (column: string) =>
    among ? sql<boolean>`${sql.ref(column)} in (${sql.join(among)})` : sql<boolean>`true`;
  return db
    .selectFrom('creators')
    .select('hor_img_url as key')
    .where(within('creators.hor_img_url'))
    .union(db.selectFrom('creators').select('ver_img_url as key').where(within('creators.ver_img_url')))
    .union(db.selectFrom('videos').select('hor_img_url as key').where(within('videos.hor_img_url')))
    .union(db.selectFrom('videos').select('ver_img_url as key').where(within('videos.ver_img_url')))
    .union(db.selectFrom('discounts').select('image_url as key').where(within('discounts.image_url')))
    .execute();
}

/** Every storage key a row points at: the files a backup must hold and the sweep must keep. */
export async function referencedKeys(db: Database): Promise<Set<string>> {
  const rows = await imageKeys(db);
  return new Set(rows.map((row) => row.key).filter((key) => key !== '' && !isExternalImage(key)));
}

/** Which of `keys` some row still points at. */
export async function keysStillReferenced(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  return new Set((await imageKeys(db, keys)).map((row) => row.key));
}
