import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CreatorsTable } from '../../db/types.ts';

const pageColumns = [
  'id',
  'title',
  'bio',
  'email',
  'hor_img_url',
  'ver_img_url',
  'facebook_url',
  'instagram_url',
  'youtube_url',
  'tiktok_url',
  'linkedin_url',
  'home_video_url',
  'email_visible',
  'lebavard_url',
  'is_live',
  'is_active',
] as const;

export type PageRow = Awaited<ReturnType<typeof findPage>> & {};

export function findPage(db: Database, creatorId: string) {
  return db.selectFrom('creators').select(pageColumns).where('id', '=', creatorId).executeTakeFirst();
}

export type PageUpdate = Omit<Updateable<CreatorsTable>, 'id' | 'email' | 'updated_at'>;

export async function updatePage(db: Database, creatorId: string, changes: PageUpdate): Promise<void> {
  await db
    .updateTable('creators')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', creatorId)
    .execute();
}
