import type { Database } from '../../db/database.ts';
import { isExternalImage } from '../../lib/storage.ts';

/** Every storage key a row points at: the files a backup must hold and the sweep must keep. */
export async function referencedKeys(db: Database): Promise<Set<string>> {
  const rows = await db
    .selectFrom('creators')
    .select('hor_img_url as key')
    .union(db.selectFrom('creators').select('ver_img_url as key'))
    .union(db.selectFrom('videos').select('hor_img_url as key'))
    .union(db.selectFrom('videos').select('ver_img_url as key'))
    .union(db.selectFrom('discounts').select('image_url as key'))
    .execute();
  return new Set(rows.map((row) => row.key).filter((key) => key !== '' && !isExternalImage(key)));
}

/** Which of `keys` some row still points at (the image columns of videos and discounts are indexed). */
export async function keysStillReferenced(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('creators')
    .select('hor_img_url as key')
    .where('hor_img_url', 'in', keys)
    .union(db.selectFrom('creators').select('ver_img_url as key').where('ver_img_url', 'in', keys))
    .union(db.selectFrom('videos').select('hor_img_url as key').where('hor_img_url', 'in', keys))
    .union(db.selectFrom('videos').select('ver_img_url as key').where('ver_img_url', 'in', keys))
    .union(db.selectFrom('discounts').select('image_url as key').where('image_url', 'in', keys))
    .execute();
  return new Set(rows.map((row) => row.key));
}
