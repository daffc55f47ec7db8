import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { keysetAfter, searchCondition, walkedSearch } from '../../src/db/conditions.ts';
import type { Database } from '../../src/db/database.ts';
import { isPostgres } from '../../src/db/dialect.ts';
import { SEARCH_INDEXES } from '../../src/db/search-index.ts';
import { countCommentsSince, listVisibleComments } from '../../src/modules/comments/comments.repository.ts';
import {
  countWaitingReports,
  listModeratedComments,
} from '../../src/modules/comments/moderated-comments.repository.ts';
import { findVisibleVideos } from '../../src/modules/catalogue/catalogue.repository.ts';
import { listCreatorsWithCounts } from '../../src/modules/creators/creators.repository.ts';
import { findVideoPage } from '../../src/modules/videos/video-pages.repository.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';

// The plans SQLite chooses for the reads that grow with the catalogue: each must start where its
// answer is, not walk from the first row. PostgreSQL plans from table statistics, so its plans are
// judged by their times at the scale (`npm run bench -- postgres`), but where the code
// takes a choice out of its hands.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The queries a repository function sends, caught on their way to the database. */
async function queriesOf(read: (db: Database) => Promise<unknown>): Promise<CompiledQuery[]> {
  const sent: CompiledQuery[] = [];
  // A handle of its own, whose executor sees each query as it is sent, values included: a query
  // compiled once (db/compiled-once.ts) is built with stand-ins for them.
  const db = t.db.withPlugin({
    transformQuery: ({ node }) => node,
    transformResult: ({ result }) => Promise.resolve(result),
  });
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = (query) => {
    sent.push(query);
    return execute(query);
  };
  await read(db);
  return sent;
}

/** The last query a repository function sends. */
async function queryOf(read: (db: Database) => Promise<unknown>): Promise<CompiledQuery> {
  return (await queriesOf(read)).at(-1)!;
}

async function planOf({ sql, parameters }: CompiledQuery): Promise<string> {
  const { rows } = await t.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
  );
  return rows.map((row) => row.detail).join('\n');
}

describe('query plans on SQLite', () => {
  it('starts a later page at its cursor in the title order index', async (context) => {
    if (isPostgres(t.db)) context.skip();
    const laterPage = await queryOf((db) =>
      db
        .selectFrom('videos')
        .select('videos.id')
        .where(keysetAfter('videos.title_lowercase', 'videos.id', ['recette', 'some-id']))
        .orderBy('videos.title_lowercase')
        .orderBy('videos.id')
        .limit(51)
        .execute(),
    );
    expect(await planOf(laterPage)).toContain(
      'SEARCH videos USING COVERING INDEX videos_title_order ((title_lowercase,id)>(?,?))',
    );
  });

  it("starts a category's page at its cursor in the category's own title order, without sorting", async (context) => {
    if (isPostgres(t.db)) context.skip();
    const plan = await planOf(
      await queryOf((db) =>
        findVisibleVideos(db, { category: 'cuisine', after: ['recette', 'some-id'] }, 50),
      ),
    );
    expect(plan).toContain(
      'SEARCH video_category_links USING COVERING INDEX video_category_links_title_order (category_id=? AND (title_lowercase,video_id)>(?,?))',
    );
    expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
  });

  it('lists creators with their number of videos without reading a single video', async (context) => {
    if (isPostgres(t.db)) context.skip();
    expect(await planOf(await queryOf(listCreatorsWithCounts))).not.toMatch(/videos/);
  });

  const before = { createdAt: 1_700_000_000_000, id: 'some-id' };

  it("walks a video's comments newest first in their index, without sorting", async (context) => {
    if (isPostgres(t.db)) context.skip();
    const plan = await planOf(await queryOf((db) => listVisibleComments(db, 'video', before, 51)));
    expect(plan).toMatch(
      /SEARCH comments USING INDEX comments_video_order \(video_id=\? AND \(created_at,id\)<\(\?,\?\)\)/,
    );
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  /** How many sorts a plan makes: the moderation lists sort their page of ids once chosen, no more. */
  const sorts = (plan: string) => plan.match(/USE TEMP B-TREE FOR ORDER BY/g)?.length ?? 0;

  it("walks a creator's comments newest first in their index, sorting only the page", async (context) => {
    if (isPostgres(t.db)) context.skip();
    const plan = await planOf(
      await queryOf((db) => listModeratedComments(db, { creatorId: 'creator', before }, 51)),
    );
    expect(plan).toMatch(
      /LIST SUBQUERY 1\nSEARCH comments USING COVERING INDEX comments_creator_order \(creator_id=\? AND \(created_at,id\)<\(\?,\?\)\)/,
    );
    expect(sorts(plan)).toBe(1);
  });

  it('finds the reports waiting in their partial index, for the list and the count', async (context) => {
    if (isPostgres(t.db)) context.skip();
    const list = await planOf(await queryOf((db) => listModeratedComments(db, { waiting: true }, 51)));
    expect(list).toMatch(/LIST SUBQUERY 1\nSCAN comments USING COVERING INDEX comments_reported_order/);
    expect(sorts(list)).toBe(1);
    expect(await planOf(await queryOf(countWaitingReports))).toMatch(
      /COVERING INDEX comments_reported_order/,
    );
  });

  it('tests a search on the reports waiting inside their index, reading only the comments found', async (context) => {
    if (isPostgres(t.db)) context.skip();
    // The words of a search tested on the index's own copy of each key: the 10,000 reports of a
    // million comments were each read from the table to find the few holding a common word.
    const plan = await planOf(
      await queryOf((db) =>
        db
          .selectFrom('comments')
          .select('comments.id')
          .where(sql<boolean>`comments.report_count > 0 and comments.hidden = 0`)
          .where(sql<boolean>`comments.text_search like '%merci%'`)
          .orderBy('comments.created_at', 'desc')
          .orderBy('comments.id', 'desc')
          .limit(51)
          .execute(),
      ),
    );
    expect(plan).toMatch(/COVERING INDEX comments_reported_order/);
  });

  it("tests a search on a creator's or a video's comments inside their order index", async (context) => {
    if (isPostgres(t.db)) context.skip();
    // A word the search index finds in too many comments to start from them, held only by old
    // ones: the busiest creator's 300,000 comments, or a video's 100,000, were each read from the
    // table to test it, 150 ms that held every other request.
    const search = { where: sql<boolean>`comments.text_search like '%merci%'`, fewRows: false };
    const creator = await planOf(
      await queryOf((db) => listModeratedComments(db, { creatorId: 'creator', search }, 51)),
    );
    expect(creator).toMatch(
      /LIST SUBQUERY 1\nSEARCH comments USING COVERING INDEX comments_creator_order \(creator_id=\?\)/,
    );
    const video = await planOf(
      await queryOf((db) =>
        listModeratedComments(db, { creatorId: 'creator', videoId: 'video', search }, 51),
      ),
    );
    expect(video).toMatch(
      /LIST SUBQUERY \d\nSEARCH comments USING COVERING INDEX comments_video_order \(video_id=\?\)/,
    );
    expect([sorts(creator), sorts(video)]).toEqual([1, 1]);
  });

  it("starts from the few comments a search found, not from a creator's comments", async (context) => {
    if (isPostgres(t.db)) context.skip();
    // Fifty ids, as the search index answers a term held by fifty comments: the walk of the
    // creator's comments looks cheaper to SQLite whenever it guesses the creator has fewer.
    const ids = Array.from({ length: 50 }, (_, i) => `comment-${i}`);
    const search = { where: sql<boolean>`comments.id in (${sql.join(ids)})`, fewRows: true };
    const plan = await planOf(
      await queryOf((db) => listModeratedComments(db, { creatorId: 'creator', search }, 51)),
    );
    expect(plan).toMatch(
      /LIST SUBQUERY 1\nSEARCH comments USING INDEX sqlite_autoindex_comments_1 \(id=\?\)/,
    );
    expect(sorts(plan)).toBe(2);
  });

  it("counts a creator's new comments in their index", async (context) => {
    if (isPostgres(t.db)) context.skip();
    const plan = await planOf(await queryOf((db) => countCommentsSince(db, 'creator', 1)));
    expect(plan).toMatch(/COVERING INDEX comments_creator_order/);
  });
});

describe('query plans on PostgreSQL', () => {
  it("searches a list's newest comments first, then sorts what the index finds, out of the order", async (context) => {
    if (!isPostgres(t.db)) context.skip();
    // Its guess of how many comments hold a word misses by far, and PostgreSQL walked the whole of
    // the busiest creator's 300,000 comments for a word only old ones hold: 230 ms.
    const search = searchCondition(SEARCH_INDEXES.commentTexts, walkedSearch('merci'));
    const [newest, sorted, ...more] = await queriesOf((db) =>
      listModeratedComments(db, { creatorId: 'creator', search }, 51),
    );
    expect(more).toEqual([]);
    expect(newest!.sql).toMatch(/limit \$\d+\) as "comments"/);
    expect(newest!.parameters).toContain(2000);
    const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${sorted!.sql}`, [...sorted!.parameters]),
    );
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
      /Sort Key: \(\(\+ comments_1\.created_at\)\) DESC/,
    );
  });

  it('asks the trigram index for a long term by its tiles in order, and tests the term on what it finds', async (context) => {
    if (!isPostgres(t.db)) context.skip();
    // pg_trgm reads the rows of every trigram a pattern holds: a rare whole title, about thirty of
    // them, took 4.8 ms on the demo's 100,000 videos; eight tiles, 0.9 ms.
    const term = 'tout sur la corse (partie 55)';
    const [search] = await queriesOf((db) => findVideoPage(db, { search: term }, 50));
    expect(search!.sql).toMatch(
      /"videos"\."title_search" like \$1 escape '\\' and strpos\("videos"\."title_search", \$2\) > 0/,
    );
    expect(search!.parameters.slice(0, 2)).toEqual(['%tou%t s%ur %la %se %(pa%rti%e 5%', term]);
  });

  it('keeps trigram indexes of the comments that lead with the video and with the creator', async (context) => {
    if (!isPostgres(t.db)) context.skip();
    // At scale they keep only the list's comments: « génial » in a video of 100,000 comments, none
    // of which holds it, read the 300,000 others that do through the index of the text alone.
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'comments' and indexdef like '%gin_trgm_ops%'
      order by indexname`.execute(t.db);
    expect(
      rows.map((row) => [row.indexname, row.indexdef.replace(/^.* USING /, '').replace(/ WITH \(.*\)$/, '')]),
    ).toEqual([
      ['comments_creator_text_search', 'gin (creator_id, text_search gin_trgm_ops)'],
      ['comments_video_text_search', 'gin (video_id, text_search gin_trgm_ops)'],
    ]);
  });
});
