import { PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { appendLatest } from '@coulisses/domain/rules/latest-list';
import { searchKey, searchTerm } from '@coulisses/domain/rules/text-search';
import { normaliseYoutubeLink } from '@coulisses/domain/rules/youtube-link';
import type { ListQuery, Page } from '@coulisses/domain/schemas/common';
import { videoFormProblem } from '@coulisses/domain/rules/video-form';
import type { AdminVideo, Video, VideoFields } from '@coulisses/domain/schemas/videos';
import { inTransaction, type AppContext } from '../../context.ts';
import { toBool } from '../../lib/booleans.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { normaliseImage } from '../../lib/images.ts';
import type { UploadedFiles } from '../../lib/multipart.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { JsonBytes } from '../../lib/json-bytes.ts';
import { decodeCursor } from '../../lib/keyset.ts';
import { newImageKey, thumbnailUrlFor, withStoredFiles, type Storage } from '../../lib/storage.ts';
import type { ActiveSession } from '../../plugins/session-auth.ts';
import { categoryIdsFrom, requireCategories } from '../categories/categories.service.ts';
import { removeVideoComments } from '../comments/comments.service.ts';
import { recordSubmission, type Submission } from '../form-submissions/form-submissions.service.ts';
import { recordChange } from '../journal/journal.service.ts';
import { unreferencedKeys } from '../maintenance/file-references.service.ts';
import {
  deleteVideo,
  findCreatorGate,
  findVideo,
  insertVideo,
  lockList,
  readList,
  writeList,
} from './videos.repository.ts';
import {
  findVideoPage,
  writtenVideoPage,
  type VideoPageFilter,
  type VideoRow,
} from './video-pages.repository.ts';

function filterOf(query: ListQuery, creatorId?: string): VideoPageFilter {
  return { creatorId, search: searchTerm(query.q), after: decodeCursor(query.after, 2) };
}

export function toVideo(storage: Storage, row: VideoRow): Video {
  return {
    id: row.id,
    title: row.title,
    title_lowercase: row.title_lowercase,
    video_url: row.video_url,
    hor_img_url: storage.urlFor(row.hor_img_url),
    hor_img_thumb_url: thumbnailUrlFor(row.hor_img_url),
    ver_img_url: storage.urlFor(row.ver_img_url),
    categories: categoryIdsFrom(row.category_ids),
    creatorId: row.creator_id,
    is_active: toBool(row.is_live) && toBool(row.is_active),
    version: Number(row.version),
    created_at: Number(row.created_at),
  };
}

/** A video as the superadmin sees it: with its creator and whether it is featured. */
export function toAdminVideo(storage: Storage, row: VideoRow): AdminVideo {
  // Added to the video toVideo made: spread into a new object, each video got a hidden class of its
  // own and took 8 µs more to build and write, a fifth of the event loop's time on a page of fifty
  // (docs/decisions/041-objects-built-once.md).
  return Object.assign(toVideo(storage, row), {
    creator: { id: row.creator_id, title: row.creator_title, email: row.creator_email },
    featured: row.featured_id !== null,
  });
}

/** How each list of videos shows a video: a creator's own, or every one for the superadmin. */
const VIDEO_ITEMS = { mine: toVideo, all: toAdminVideo };
type VideoItems = typeof VIDEO_ITEMS;

/**
 * A page of videos: written by SQLite when it can (docs/decisions/050-video-pages-written-by-sqlite.md),
 * and compressed there with the client's `encoding` (ADR 051), else built from its rows by the
 * list's VIDEO_ITEMS, which says the same of each video.
 */
async function pageOf<List extends keyof VideoItems>(
  context: AppContext,
  filter: VideoPageFilter,
  videos: List,
  encoding: AnswerEncoding | undefined,
): Promise<Page<ReturnType<VideoItems[List]>> | JsonBytes> {
  const { db, storage } = context;
  const written = await writtenVideoPage(db, filter, PAGE_SIZE, storage.urlPrefix, videos, encoding);
  if (written) return new JsonBytes(written.answer, written.encoding);
  const { items, nextCursor } = await findVideoPage(db, filter, PAGE_SIZE);
  const toItem = VIDEO_ITEMS[videos] as (storage: Storage, row: VideoRow) => ReturnType<VideoItems[List]>;
  return { items: items.map((row) => toItem(storage, row)), nextCursor };
}

/**
 * The signed-in creator's videos, a keyset page at a time, searched on the server; `encoding` is
 * the client's, for a page written and compressed off the event loop.
 */
export function listOwnVideos(
  context: AppContext,
  session: ActiveSession,
  query: ListQuery,
  encoding?: AnswerEncoding,
) {
  return pageOf(context, filterOf(query, session.user.id), 'mine', encoding);
}

/** Every video, for the superadmin: with its creator and whether it is featured. See listOwnVideos. */
export function listAllVideos(context: AppContext, query: ListQuery, encoding?: AnswerEncoding) {
  return pageOf(context, filterOf(query), 'all', encoding);
}

/** Videos can be added only while the creator's page is published and the creator not suspended. */
export async function assertMayAddVideos({ db }: AppContext, creatorId: string): Promise<void> {
  const gate = await findCreatorGate(db, creatorId);
  if (gate && !toBool(gate.is_active)) throw new ForbiddenError(MESSAGES.accountSuspended);
  if (!gate || !toBool(gate.is_live)) throw new ForbiddenError(MESSAGES.pageNotLiveForVideos);
}

export interface NewVideo {
  fields: VideoFields;
  files: UploadedFiles;
}

/**
 * Adds a video: both images are normalised first, then stored; the video row, its category links
 * and the latest list change in one transaction. If anything fails, the transaction rolls back and
 * the stored images are removed: no video without its images, no orphan file.
 */
export async function addVideo(
  context: AppContext,
  creatorId: string,
  input: NewVideo,
  submission?: Submission,
): Promise<Video> {
  const { storage } = context;
  const { fields, files } = input;
  const problem = videoFormProblem({
    title: fields.title,
    link: fields.link,
    categories: fields.categories,
    hasHorizontal: !!files.horizontal,
    hasVertical: !!files.vertical,
  });
  if (problem) throw new ValidationError(problem.message, { [problem.field]: problem.message });
  const videoUrl = normaliseYoutubeLink(fields.link)!;
  const [horizontal, vertical] = await Promise.all([
    normaliseImage(files.horizontal!, 'horizontal', 'horizontal'),
    normaliseImage(files.vertical!, 'vertical', 'vertical'),
  ]);
  const folder = `videos/${creatorId}`;
  const keys = { horizontal: newImageKey(folder), vertical: newImageKey(folder) };
  const video = {
    id: newId(),
    title: fields.title,
    title_lowercase: fields.title.toLowerCase(),
    title_search: searchKey(fields.title),
    hor_img_url: keys.horizontal,
    ver_img_url: keys.vertical,
    video_url: videoUrl,
    creator_id: creatorId,
    created_at: Date.now(),
  };
  const categories = await withStoredFiles(
    storage,
    [
      { key: keys.horizontal, data: horizontal },
      { key: keys.vertical, data: vertical },
    ],
    () =>
      inTransaction(context, async (tx) => {
        const trx = tx.db;
        await lockList(trx, 'latest');
        // Checked again here: the page may have been unpublished while the images were processed.
        await assertMayAddVideos(tx, creatorId);
        if (submission) await recordSubmission(tx, submission);
        const categoryIds = await requireCategories(tx, 'video', fields.categories);
        // Stamped here, not when the request came in: adds commit one at a time, so 'newest' by
        // date is also the order the latest list receives them in.
        video.created_at = Date.now();
        await insertVideo(trx, video, categoryIds);
        await writeList(trx, 'latest', appendLatest(await readList(trx, 'latest'), video.id), {
          id: video.id,
          at: 'end',
        });
        return categoryIds;
      }),
  );
  return {
    id: video.id,
    title: video.title,
    title_lowercase: video.title_lowercase,
    video_url: video.video_url,
    hor_img_url: storage.urlFor(video.hor_img_url),
    hor_img_thumb_url: thumbnailUrlFor(video.hor_img_url),
    ver_img_url: storage.urlFor(video.ver_img_url),
    categories,
    creatorId,
    is_active: true,
    version: 1,
    created_at: video.created_at,
  };
}

/** A video its owner or the superadmin may change; 404 when there is none, 403 when it is not theirs. */
export function assertMayChange(
  video: { creator_id: string } | undefined,
  session: ActiveSession,
): asserts video {
  if (!video) throw new NotFoundError();
  if (video.creator_id !== session.user.id && !session.user.is_superadmin) throw new ForbiddenError();
}

/**
 * Deletes a video (its owner or the superadmin): its comments first, a slice at a time
 * (removeVideoComments), then the row, its category links and its places in the featured and
 * latest lists in one transaction; its images are removed once that commits, unless another row
 * still shows them. Whoever may not delete it is refused before any comment goes.
 */
export async function removeVideo(context: AppContext, session: ActiveSession, id: string): Promise<void> {
  assertMayChange(await findVideo(context.db, id), session);
  await removeVideoComments(context, id);
  const images = await inTransaction(context, async (tx) => {
    const video = await findVideo(tx.db, id);
    assertMayChange(video, session);
    await deleteVideo(tx.db, id);
    await recordChange(tx, session.user, {
      kind: 'video.deleted',
      item: { type: 'video', id, label: video.title },
      aboutUserId: video.creator_id,
    });
    return unreferencedKeys(tx, [video.hor_img_url, video.ver_img_url]);
  });
  await Promise.all(images.map((key) => context.storage.remove(key)));
}
