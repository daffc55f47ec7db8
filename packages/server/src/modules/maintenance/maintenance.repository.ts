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
