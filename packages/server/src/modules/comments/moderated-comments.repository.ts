import { sql } from 'kysely';
import { compiledOnce, rowsOffTheLoop } from '../../db/compiled-once.ts';
import {
  keysetBefore,
  searchCondition,
  searchValues,
  walkedSearch,
  type SearchCondition,
} from '../../db/conditions.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { SEARCH_INDEXES } from '../../db/search-index.ts';
import type { Before } from './comments.repository.ts';

/*
 * The reports waiting, as the superadmin's list puts them first. Written as literals, not bound
 * values, so that SQLite sees the condition of the partial index `comments_reported_order`.
 */
const waitingReport = sql<boolean>`comments.report_count > 0 and comments.hidden = 0`;
const notWaitingReport = sql<boolean>`(comments.report_count = 0 or comments.hidden = 1)`;

/**
 * A list of at most this many comments is searched by its walk alone on SQLite, each key tested in
 * the order index (migration 2026_12_07_210): 1.5 ms for 17,000 comments at worst in the comments
 * bench, where asking the search index cost 2.5 ms for a common word and 5 ms with 1,111 ids to
 * read. PostgreSQL's walk reads each comment from the table: see WALKED_FIRST.
 */
const WALKED_COMMENTS = 10_000;

/**
 * How many of a list's newest comments a search walks first on PostgreSQL, about a millisecond,
 * before asking its trigram index. PostgreSQL chooses between walking a list in order and its
 * index from how many comments it guesses hold the term, and misses by far: a guess of 6,500 for
 * « n°12 », held by 111,111 of a million, and the same search took 4.6 ms or 230 ms depending on
 * the sample its last ANALYZE drew. A word the newest comments hold fills its page in the walk;
 * another is asked of the index, the order out of the planner's choice, and its rows sorted. A
 * list no longer than this is asked of the index at once: 1.4 ms for 2,000 comments, 4.5 to walk.
 */
const WALKED_FIRST = 2000;

/**
 * A search of the comments' text (a search key), resolved once: the superadmin's list runs it on
 * the reports waiting, then on the others, and the index need only be asked once. `listed` is how
 * many comments the list holds, when it is a creator's or a video's.
 */
export async function commentTextSearch(
  db: Database,
  term: string,
  listed?: number,
): Promise<SearchCondition> {
  const searched = SEARCH_INDEXES.commentTexts;
  if (listed !== undefined && listed <= WALKED_COMMENTS) {
    const walked = searchCondition(searched, walkedSearch(term));
    return { ...walked, fewRows: isPostgres(db) && listed <= WALKED_FIRST };
  }
  return searchCondition(searched, await searchValues(db, searched, term));
}

/**
 * How many comments a video's list holds, else a creator's, as their kept counts say (a video's
 * counts only its visible ones, near enough to choose how to search them).
 */
export async function listedCommentCount(
  db: Database,
  { creatorId, videoId }: { creatorId?: string; videoId?: string },
): Promise<number | undefined> {
  let row: { comment_count: number } | undefined;
  if (videoId !== undefined) {
    row = await db.selectFrom('videos').select('comment_count').where('id', '=', videoId).executeTakeFirst();
  } else if (creatorId !== undefined) {
    row = await db
      .selectFrom('creators')
      .select('comment_count')
      .where('id', '=', creatorId)
      .executeTakeFirst();
  }
  return row ? Number(row.comment_count) : undefined;
}

export interface ModerationFilter {
  creatorId?: string;
  videoId?: string;
  search?: SearchCondition;
  /** true: only the reports waiting; false: only the others; absent: all. */
  waiting?: boolean;
  before?: Before;
}

function moderatedComments(db: Database) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .innerJoin('videos', 'videos.id', 'comments.video_id')
    .select([
      'comments.id',
      'comments.text',
      'comments.created_at',
      'comments.hidden',
      'comments.report_count',
      'comments.author_id',
      'users.pseudonym',
      'users.comments_muted',
      'comments.video_id',
      'videos.title',
    ]);
}

/**
 * A column whose indexes the database may walk, unless the page is to be chosen among few rows and
 * sorted (`sorted`): the '+' takes them, and the order, out of its choice. SQLite would rather walk
 * the creator's comments in order, guessing them from the average, 2,000, where the busiest creator
 * of the comments bench has 300,000: 95 ms for the 1,111 ids the search index found. PostgreSQL,
 * see WALKED_FIRST (docs/decisions/014-search-indexes.md).
 */
const walkable = (name: string, sorted: boolean) => (sorted ? sql`+${sql.ref(name)}` : sql.ref(name));

/** The comments of a moderation list before its cursor, unordered and unsearched. */
function listed(db: Database, filter: ModerationFilter, sorted: boolean) {
  let comments = db.selectFrom('comments');
  const { creatorId, videoId } = filter;
  if (videoId !== undefined) {
    comments = comments.where(sql<boolean>`${walkable('comments.video_id', sorted)} = ${videoId}`);
    // A creator's own list: the video must be theirs. Asked once of the video rather than of each
    // comment, so that the walk stays in the video's index, which holds no creator.
    if (creatorId !== undefined) {
      comments = comments.where((eb) =>
        eb(
          eb.selectFrom('videos').select('videos.creator_id').where('videos.id', '=', videoId),
          '=',
          creatorId,
        ),
      );
    }
  } else if (creatorId !== undefined) {
    comments = comments.where(sql<boolean>`${walkable('comments.creator_id', sorted)} = ${creatorId}`);
  }
  if (filter.waiting !== undefined)
    comments = comments.where(filter.waiting ? waitingReport : notWaitingReport);
  const { before } = filter;
  if (!before) return comments;
  return comments.where(keysetBefore('comments.created_at', 'comments.id', [before.createdAt, before.id]));
}

/** The ids of a page: the list walked in order, or its matches sorted (`sorted`). */
function pageIds(db: Database, filter: ModerationFilter, limit: number, sorted: boolean) {
  // PostgreSQL's trigram indexes lead with the video and the creator: only the order is taken away.
  let ids = listed(db, filter, sorted && !isPostgres(db)).select('comments.id');
  if (filter.search) ids = ids.where(filter.search.where);
  return ids
    .orderBy(walkable('comments.created_at', sorted), 'desc')
    .orderBy('comments.id', 'desc')
    .limit(limit);
}

/**
 * The ids of a page among the list's `newest` comments before its cursor, counted without the
 * reports' filter (sliceEnd counts the same comments). The filter's columns are read only for the
 * superadmin's lists, which have it: a creator's or a video's walk stays in its order index.
 */
function newestPageIds(
  db: Database,
  filter: ModerationFilter,
  search: SearchCondition,
  limit: number,
  newest: number,
) {
  const { waiting } = filter;
  const columns = ['comments.id', 'comments.created_at', 'comments.text_search'] as const;
  const slice = listed(db, { ...filter, waiting: undefined }, false)
    .select(waiting === undefined ? columns : [...columns, 'comments.report_count', 'comments.hidden'])
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(newest);
  let ids = db.selectFrom(slice.as('comments')).select('comments.id').where(search.where);
  if (waiting !== undefined) ids = ids.where(waiting ? waitingReport : notWaitingReport);
  return ids.orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc').limit(limit);
}

/**
 * How many comments one statement of the superadmin's walk reads at most (walkedPageIds): about
 * 8 ms of SQLite for a term none of them holds, which reads each from the table.
 */
export const WALK_SLICE = 20_000;

/**
 * The ids of a page of the superadmin's list a SQLite search walks, newest first, a slice of at
 * most WALK_SLICE comments per statement, each a trip of its own to the answers' thread. Walked in
 * one statement, a term of two characters (no trigram index answers it) that none of a million
 * comments holds held that thread 390 ms, and every back-office page written there waited as long;
 * between two slices they are written (docs/decisions/055-comment-searches-off-the-loop.md). A
 * term the newest comments hold fills its page in the first slice, in one trip. A creator's or a
 * video's list is walked in one statement, in an order index that holds the text: slices made its
 * longest walk, « n°12 » in 317,000 comments, cost twice its 54 ms.
 */
async function walkedPageIds(
  db: Database,
  filter: ModerationFilter,
  search: SearchCondition,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  let before = filter.before;
  for (;;) {
    const slice = { ...filter, before };
    const found = await rowsOffTheLoop(db, newestPageIds(db, slice, search, limit - ids.length, WALK_SLICE));
    ids.push(...found.map(({ id }) => id));
    if (ids.length === limit) return ids;
    const [end] = await rowsOffTheLoop(db, sliceEnd(db, slice));
    if (!end) return ids;
    before = end;
  }
}

/**
 * The key of the last comment of a walk's slice, none when the list ends within it. Counted in the
 * list's order index, without the reports' filter, which only the table holds: with it, this cost
 * a read of every comment of the slice again.
 */
function sliceEnd(db: Database, filter: ModerationFilter) {
  return listed(db, { ...filter, waiting: undefined }, false)
    .select(['comments.created_at as createdAt', 'comments.id'])
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .offset(WALK_SLICE - 1)
    .limit(1);
}

/**
 * Comments as the moderation lists show them, newest first, `limit` rows. The page's ids are
 * chosen first, on the comments alone, and the author and video joined for those rows only: a
 * search among 11,000 comments on PostgreSQL looked up 11,000 authors and videos before keeping 51.
 * On SQLite the page is read off the event loop: a search walking a creator's 300,000 comments
 * holds SQLite for tens of milliseconds (docs/decisions/055-comment-searches-off-the-loop.md).
 */
export async function listModeratedComments(db: Database, filter: ModerationFilter, limit: number) {
  const page = (ids: ReturnType<typeof pageIds> | ReturnType<typeof newestPageIds> | readonly string[]) =>
    rowsOffTheLoop(
      db,
      moderatedComments(db)
        .where('comments.id', 'in', ids)
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc'),
    );
  const { search } = filter;
  const sorted = search?.fewRows === true;
  const ownList = filter.creatorId !== undefined || filter.videoId !== undefined;
  // The reports waiting are few, in an index of their own: walked whole, as a creator's or a
  // video's list is on SQLite (see walkedPageIds).
  if (!search || sorted || filter.waiting === true || (ownList && !isPostgres(db)))
    return page(pageIds(db, filter, limit, sorted));
  if (!isPostgres(db)) {
    const ids = await walkedPageIds(db, filter, search, limit);
    return ids.length === 0 ? [] : page(ids);
  }
  const newest = await page(newestPageIds(db, filter, search, limit, WALKED_FIRST));
  return newest.length === limit ? newest : page(pageIds(db, filter, limit, true));
}

export function findModeratedComment(db: Database, id: string) {
  return moderatedComments(db).where('comments.id', '=', id).executeTakeFirst();
}

export type ModeratedRow = Awaited<ReturnType<typeof listModeratedComments>>[number];

/** Reports waiting for the superadmin, counted in their partial index. */
export async function countWaitingReports(db: Database): Promise<number> {
  const [row] = await waitingReports(db);
  return Number(row?.count ?? 0);
}

const waitingReports = compiledOnce((db) =>
  db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(waitingReport),
);
