import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../../src/lib/ids.ts';
import { openSession } from '../../src/modules/auth/sessions.service.ts';
import type { TestApp } from '../build-test-app.ts';
import { makeUser } from '../factories.ts';

export interface Member {
  id: string;
  email: string;
  pseudonym: string;
  /** The app's Bearer header. */
  headers: { authorization: string };
}

/** A subscriber of the app with a pseudonym and an app token, made straight in the database. */
export async function makeMember(t: TestApp, pseudonym = 'Zoé'): Promise<Member> {
  const user = await makeUser(t, { creator: false });
  await t.db.updateTable('users').set({ pseudonym }).where('id', '=', user.id).execute();
  const { token } = await openSession(t, user.id, 'app');
  return { id: user.id, email: user.email, pseudonym, headers: { authorization: `Bearer ${token}` } };
}

/** A comment straight in the database, as if posted at `createdAt`. */
export async function seedComment(
  t: TestApp,
  videoId: string,
  authorId: string,
  options: { text?: string; createdAt?: number; hidden?: boolean } = {},
): Promise<string> {
  const video = await t.db
    .selectFrom('videos')
    .select('creator_id')
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  const id = newId();
  const text = options.text ?? 'Super vidéo, merci !';
  await t.db
    .insertInto('comments')
    .values({
      id,
      video_id: videoId,
      creator_id: video.creator_id,
      author_id: authorId,
      text,
      text_search: searchKey(text),
      created_at: options.createdAt ?? Date.now(),
      hidden: options.hidden ? 1 : 0,
    })
    .execute();
  return id;
}

/** The kept counts of a video and its creator, and a comment's reports, as stored. */
export async function keptCounts(t: TestApp, videoId: string) {
  const row = await t.db
    .selectFrom('videos')
    .innerJoin('creators', 'creators.id', 'videos.creator_id')
    .select(['videos.comment_count as video', 'creators.comment_count as creator'])
    .where('videos.id', '=', videoId)
    .executeTakeFirstOrThrow();
  return { video: Number(row.video), creator: Number(row.creator) };
}
