import { randomBytes } from 'node:crypto';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import { formatCount } from '@coulisses/domain/rules/number-format';
import { inTransaction, type AppContext } from '../../context.ts';
import { tablesWithData } from '../../db/copy-tables.ts';
import { settleAfterBulkLoad } from '../../db/bulk-load.ts';
import { hashPassword } from '../../lib/password.ts';
import { withStoredFiles } from '../../lib/storage.ts';
import {
  categoryRows,
  creatorRows,
  discountBatches,
  SIGN_IN_ACCOUNTS,
  subscriberBatches,
  videoBatches,
  type CatalogueInput,
} from './demo-catalogue.ts';
import { COMMENTED_VIDEOS, commentRows } from './demo-comments.ts';
import { drawDemoImages } from './demo-images.ts';
import {
  creatorCount,
  DemoError,
  featuredIndexes,
  latestIndexes,
  seededRandom,
  shareOut,
  type DemoSize,
} from './demo-plan.ts';
import { DISCOUNT_THEMES, VIDEO_THEMES } from './demo-words.ts';
import {
  insertCategories,
  insertComments,
  insertCreators,
  insertDiscounts,
  insertUsers,
  insertVideoList,
  insertVideos,
  ROWS_PER_INSERT,
  setTotals,
} from './demo.repository.ts';

/** Any fixed number: the same size gives the same catalogue, run after run. */
const SEED = 20_240_916;
/** Progress is printed every this many rows of a table, and at its end. */
const PROGRESS_STEP = 10_000;
/** The part of all views and clicks made by signed-in subscribers; the rest came from visitors. */
const SIGNED_IN_SHARE = 0.4;

export interface DemoReport {
  creators: number;
  videoCategories: number;
  discountCategories: number;
  videos: number;
  featured: number;
  latest: number;
  discounts: { running: number; past: number; upcoming: number };
  subscribers: number;
  comments: number;
  images: number;
  /** The accounts to sign in with, and their password, shown once. */
  accounts: readonly { email: string; superadmin: boolean }[];
  password: string;
}

async function refuseUnlessEmpty(context: AppContext): Promise<void> {
  const busy = await tablesWithData(context.db);
  if (busy.length > 0) {
    throw new DemoError(
      `La base contient déjà des données (${busy.join(', ')}) : la démo se charge seulement dans une base vide. Rien n’a été modifié.`,
    );
  }
}

function counter(progress: (line: string) => void, label: string, total: number) {
  let done = 0;
  const line = () => progress(`${label} : ${formatCount(done)} / ${formatCount(total)}`);
  if (total === 0) line();
  return (rows: number) => {
    const before = done;
    done += rows;
    if (done === total || Math.floor(done / PROGRESS_STEP) > Math.floor(before / PROGRESS_STEP)) line();
  };
}

/**
 * Fills an empty database and storage with a believable catalogue of `size`: all or nothing. The
 * images are drawn and stored first, then every row goes in one transaction; if anything fails,
 * the rows roll back and the images are removed (docs/decisions/013-demo-catalogue.md).
 */
export async function loadDemo(
  context: AppContext,
  size: DemoSize,
  progress: (line: string) => void,
): Promise<DemoReport> {
  await refuseUnlessEmpty(context);
  const random = seededRandom(SEED);
  progress('Images : je les dessine…');
  const images = await drawDemoImages(random);
  progress(`Images : ${images.files.length} prêtes.`);
  const password = randomBytes(12).toString('base64url');
  // Every other account gets one hash of a password nobody knows, computed once: argon2id takes
  // about 13 ms a hash, so one per subscriber would take minutes at 100,000, and nobody signs in
  // as them anyway (`user password` gives one a password when needed).
  const [signIn, nobody] = await Promise.all([
    hashPassword(password),
    hashPassword(randomBytes(32).toString('base64url')),
  ]);
  const input: CatalogueInput = {
    size,
    creators: creatorCount(size.videos),
    random,
    images,
    now: Date.now(),
    batchSize: ROWS_PER_INSERT,
  };
  const report = await withStoredFiles(context.storage, images.files, () =>
    inTransaction(context, async (tx) => {
      // Again inside the transaction: a server started meanwhile creates its superadmin.
      await refuseUnlessEmpty(tx);
      return fill(tx, input, { signIn, nobody }, progress);
    }),
  );
  await settleAfterBulkLoad(context.db);
  return { ...report, images: images.files.length, accounts: SIGN_IN_ACCOUNTS, password };
}

async function fill(
  { db }: AppContext,
  input: CatalogueInput,
  hashes: { signIn: string; nobody: string },
  progress: (line: string) => void,
) {
  const { size, now } = input;
  const videoCategories = categoryRows(
    VIDEO_THEMES.map((theme) => theme.category),
    now,
  );
  const discountCategories = categoryRows(
    DISCOUNT_THEMES.map((theme) => theme.category),
    now,
  );
  await insertCategories(db, 'video_categories', videoCategories);
  await insertCategories(db, 'discount_categories', discountCategories);

  const people = creatorRows(input, hashes);
  await insertUsers(db, people.users);
  await insertCreators(db, people.creators);
  progress(`Créateurs : ${formatCount(people.creators.length)}`);
  const totals = { views: 0, clicks: 0 };
  for (const creator of people.creators) {
    totals.views += creator.total_views;
    totals.clicks += creator.total_clicks;
  }

  const featured = featuredIndexes(size.videos);
  const latest = latestIndexes(size.videos);
  const listed = new Set([...featured, ...latest]);
  const listedIds = new Map<number, string>();
  const commented: { id: string; creator_id: string; created_at: number }[] = [];
  const countVideos = counter(progress, 'Vidéos', size.videos);
  for (const batch of videoBatches(
    input,
    people.creators.map((creator) => creator.id),
    videoCategories.map((category) => category.id),
  )) {
    await insertVideos(db, batch.videos, batch.links);
    commented.push(...batch.videos.slice(0, COMMENTED_VIDEOS - commented.length));
    batch.videos.forEach((video, k) => {
      if (listed.has(batch.first + k)) listedIds.set(batch.first + k, video.id);
    });
    countVideos(batch.videos.length);
  }
  await insertVideoList(
    db,
    'featured_videos',
    featured.map((index) => listedIds.get(index)!),
  );
  await insertVideoList(
    db,
    'latest_videos',
    latest.map((index) => listedIds.get(index)!),
  );

  const today = parisCalendarDay(now);
  const discounts = { running: 0, past: 0, upcoming: 0 };
  const countDiscounts = counter(progress, 'Discounts', size.discounts);
  for (const batch of discountBatches(
    input,
    discountCategories.map((category) => category.id),
    today,
  )) {
    await insertDiscounts(db, batch.discounts, batch.links);
    for (const discount of batch.discounts) {
      totals.views += discount.views;
      totals.clicks += discount.clicks;
      if (discount.end_date < today) discounts.past += 1;
      else if (discount.start_date > today) discounts.upcoming += 1;
      else discounts.running += 1;
    }
    countDiscounts(batch.discounts.length);
  }

  const countSubscribers = counter(progress, 'Abonnés', size.subscribers);
  const counters = {
    views: shareOut(Math.floor(totals.views * SIGNED_IN_SHARE), size.subscribers, input.random),
    clicks: shareOut(Math.floor(totals.clicks * SIGNED_IN_SHARE), size.subscribers, input.random),
  };
  const authorIds: string[] = [];
  for (const users of subscriberBatches(input, hashes.nobody, counters)) {
    await insertUsers(db, users);
    if (authorIds.length < ROWS_PER_INSERT) authorIds.push(...users.map((user) => user.id));
    countSubscribers(users.length);
  }
  const { comments, reports } = commentRows(input.random, commented, authorIds, now);
  await insertComments(db, comments, reports);
  progress(`Commentaires : ${formatCount(comments.length)}`);
  // The platform's totals are what counting would have added up: every creator's and discount's.
  await setTotals(db, totals);

  return {
    creators: people.creators.length,
    videoCategories: videoCategories.length,
    discountCategories: discountCategories.length,
    videos: size.videos,
    featured: featured.length,
    latest: latest.length,
    discounts,
    subscribers: size.subscribers,
    comments: comments.length,
  };
}
