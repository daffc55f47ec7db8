import { setImmediate } from 'node:timers/promises';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { videoCommentsPerSlice } from '../../src/modules/comments/comments.repository.ts';
import { listAllComments } from '../../src/modules/comments/comments.service.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { keptCounts, makeMember, seedComment, type Member } from '../comments/comment-fixtures.ts';
import { makeSignedIn, type SignedIn } from '../factories.ts';
import { addVideo, makeLiveCreator, makeVideoCategory } from './video-fixtures.ts';

// A video's comments go before the video, a slice of videoCommentsPerSlice at a time, each its
// own transaction, the event loop free between two (comments.service.ts, removeVideoComments).

/** The comments of a slice on the database under test. */
let slice: number;
/** Ten slices and a half: the last slice is not full. */
let commentCount: number;

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let zoe: Member;
let category: string;

beforeAll(async () => {
  t = await buildTestApp();
  slice = videoCommentsPerSlice(t.db);
  commentCount = 10 * slice + slice / 2;
  owner = await makeLiveCreator(t);
  other = await makeLiveCreator(t);
  admin = await makeSignedIn(t, { superadmin: true });
  zoe = await makeMember(t, 'Zoé');
  category = await makeVideoCategory(t);
});
afterAll(async () => {
  await t.close();
});

/** A video of the owner's with commentCount comments saying `text`, the first two reported. */
async function videoWithComments(
  text = 'Ta tartiflette me donne faim',
): Promise<{ id: string; comments: string[] }> {
  const id = await addVideo(t, owner, category);
  const comments = Array.from({ length: commentCount }, () => newId());
  // In batches, within both databases' bound on a statement's values.
  for (let start = 0; start < comments.length; start += 2000) {
    await t.db
      .insertInto('comments')
      .values(
        comments.slice(start, start + 2000).map((commentId, index) => ({
          id: commentId,
          video_id: id,
          creator_id: owner.id,
          author_id: zoe.id,
          text,
          text_search: searchKey(text),
          created_at: Date.now() - start - index,
          hidden: 0,
        })),
      )
      .execute();
  }
  await t.db
    .insertInto('comment_reports')
    .values(
      comments.slice(0, 2).map((commentId) => ({
        comment_id: commentId,
        reporter_id: admin.id,
        reason: 'spam',
        created_at: Date.now(),
      })),
    )
    .execute();
  return { id, comments };
}

async function commentsOf(videoId: string): Promise<number> {
  const rows = await t.db.selectFrom('comments').select('id').where('video_id', '=', videoId).execute();
  return rows.length;
}

async function commentsLeft(videoId: string, ids: string[]) {
  const [comments, reports] = await Promise.all([
    commentsOf(videoId),
    t.db.selectFrom('comment_reports').select('comment_id').where('comment_id', 'in', ids).execute(),
  ]);
  return { comments, reports: reports.length };
}

function remove(id: string, user: SignedIn) {
  return t.app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers: { cookie: user.cookie } });
}

describe('deleting a video with many comments', () => {
  it('refuses another creator before any comment goes', async () => {
    const video = await videoWithComments();
    expect((await remove(video.id, other)).statusCode).toBe(403);
    expect(await commentsLeft(video.id, video.comments)).toEqual({ comments: commentCount, reports: 2 });
    expect(await keptCounts(t, video.id)).toMatchObject({ video: commentCount });
  });

  it('takes every comment and its reports with it, and the counts and the search forget them', async () => {
    const kept = await seedComment(t, await addVideo(t, owner, category), zoe.id, {
      text: 'Cette raclette-là reste',
    });
    const before = await keptCounts(t, (await videoWithComments()).id);
    const video = await videoWithComments('Ta raclette me donne faim');

    expect((await remove(video.id, admin)).statusCode).toBe(204);

    expect(await commentsLeft(video.id, video.comments)).toEqual({ comments: 0, reports: 0 });
    const found = await listAllComments(t, { q: 'raclette' });
    expect(found.items.map((comment) => comment.id)).toEqual([kept]);
    const creator = await t.db
      .selectFrom('creators')
      .select('comment_count')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(creator.comment_count)).toBe(before.creator);
  });

  it('commits slice after slice, so other requests are read and answered between two', async () => {
    const video = await videoWithComments();
    let deleting = true;
    const seen: number[] = [];
    const watching = (async () => {
      while (deleting) {
        seen.push(await commentsOf(video.id));
        await setImmediate();
      }
    })();
    const response = await remove(video.id, owner);
    deleting = false;
    await watching;
    expect(response.statusCode).toBe(204);
    const between = seen.filter((left) => left > 0 && left < commentCount);
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((left) => left % slice === commentCount % slice)).toBe(true);
  });
});
