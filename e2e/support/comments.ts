import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { uniqueEmail } from './fixtures.ts';
import { withDatabase } from './server-state.ts';

export interface Member {
  id: string;
  pseudonym: string;
  /** The app's Bearer header. */
  headers: { authorization: string };
}

/** A subscriber of the app, signed up through the app's API as the phone would. */
export async function signUpMember(request: APIRequestContext, pseudonym: string): Promise<Member> {
  const answer = await request.post('/api/public/signup', {
    data: { email: uniqueEmail('membre'), pseudonym, password: `pw-${randomUUID()}`, accept_terms: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { token, user } = (await answer.json()) as { token: string; user: { id: string } };
  return { id: user.id, pseudonym, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Comments straight in the database, newest last in `texts` (a second apart), as if the app had
 * posted them; `reports` adds that many reports to each, from other members.
 */
export async function seedComments(
  videoId: string,
  authorId: string,
  texts: readonly string[],
  options: { reportedBy?: readonly string[]; hidden?: boolean } = {},
): Promise<string[]> {
  return withDatabase(async (db) => {
    const video = await db
      .selectFrom('videos')
      .select('creator_id')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    const start = Date.now() - texts.length * 1000;
    const rows = texts.map((text, i) => ({
      id: randomUUID(),
      video_id: videoId,
      creator_id: video.creator_id,
      author_id: authorId,
      text,
      text_search: searchKey(text),
      created_at: start + i * 1000,
      hidden: options.hidden ? 1 : 0,
    }));
    await db.insertInto('comments').values(rows).execute();
    for (const reporter of options.reportedBy ?? []) {
      await db
        .insertInto('comment_reports')
        .values(
          rows.map((row) => ({
            comment_id: row.id,
            reporter_id: reporter,
            reason: 'spam',
            created_at: Date.now(),
          })),
        )
        .execute();
    }
    return rows.map((row) => row.id);
  });
}

/** Whether the app lists this comment under its video right now. */
export async function appListsComment(request: APIRequestContext, videoId: string, text: string) {
  const answer = await request.get(`/api/public/videos/${videoId}/comments`);
  const { items } = (await answer.json()) as { items: { text: string }[] };
  return items.some((item) => item.text === text);
}
