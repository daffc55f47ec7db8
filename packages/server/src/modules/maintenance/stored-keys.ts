import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

/** Every storage key a row points at: the files a backup must hold and the sweep must keep. */
export async function referencedKeys(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('creators')
    .select('hor_img_url as key')
    .union(db.selectFrom('creators').select('ver_img_url as key'))
    .union(db.selectFrom('videos').select('hor_img_url as key'))
    .union(db.selectFrom('videos').select('ver_img_url as key'))
    .union(db.selectFrom('discounts').select('image_url as key'))
    .execute();
  return new Set(rows.map((row) => row.key).filter((key) => key !== ''));
}
