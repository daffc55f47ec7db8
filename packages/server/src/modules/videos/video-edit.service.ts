import { MESSAGES } from '@coulisses/domain/messages';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { changedFields } from '@coulisses/domain/rules/journal-changes';
import { videoFormProblem } from '@coulisses/domain/rules/video-form';
import { normaliseYoutubeLink } from '@coulisses/domain/rules/youtube-link';
import { VIDEO_IMAGE_FIELDS, type Video, type VideoEditFields } from '@coulisses/domain/schemas/videos';
import { inTransaction, type AppContext } from '../../context.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { normaliseImage } from '../../lib/images.ts';
import type { UploadedFiles } from '../../lib/multipart.ts';
import { newImageKey, withStoredFiles } from '../../lib/storage.ts';
import type { ActiveSession } from '../../plugins/session-auth.ts';
import { categoryIdsFrom, requireCategories } from '../categories/categories.service.ts';
import { recordChange } from '../journal/journal.service.ts';
import { unreferencedKeys } from '../maintenance/file-references.service.ts';
import { findVideo, findVideoDetails, updateVideo } from './videos.repository.ts';
import { assertMayChange, toVideo } from './videos.service.ts';

type StoredVideo = NonNullable<Awaited<ReturnType<typeof findVideo>>>;

/** One video as its edit form opens it: its owner's, or any for the superadmin. */
export async function getVideo(context: AppContext, session: ActiveSession, id: string): Promise<Video> {
  const row = await findVideoDetails(context.db, id);
  assertMayChange(row, session);
  return toVideo(context.storage, row);
}

export interface VideoEdit {
  fields: VideoEditFields;
  /** Only the images being replaced. */
  files: UploadedFiles;
}

/** Normalises and names the images an edit replaces; the others stay as they are. */
async function replacementImages(video: StoredVideo, files: UploadedFiles) {
  const folder = `videos/${video.creator_id}`;
  const replaced = await Promise.all(
    VIDEO_IMAGE_FIELDS.filter((field) => files[field]).map(async (field) => ({
      field,
      key: newImageKey(folder),
      data: await normaliseImage(files[field]!, field, field),
    })),
  );
  const keyOf = (field: (typeof VIDEO_IMAGE_FIELDS)[number], current: string) =>
    replaced.find((image) => image.field === field)?.key ?? current;
  return {
    files: replaced.map(({ key, data }) => ({ key, data })),
    horizontal: keyOf('horizontal', video.hor_img_url),
    vertical: keyOf('vertical', video.ver_img_url),
  };
}

/**
 * Saves an edit of a video (its owner, unless suspended, or the superadmin): title, link,
 * categories, and whichever images are sent, made by the same pipeline as an add. The id, the
 * counters and the places in the featured and latest lists stay. A form opened before the latest
 * save is refused (409) and changes nothing. Replaced images are removed once the save commits.
 */
export async function editVideo(
  context: AppContext,
  session: ActiveSession,
  id: string,
  { fields, files }: VideoEdit,
): Promise<Video> {
  const problem = videoFormProblem({ ...fields, hasHorizontal: true, hasVertical: true });
  if (problem) throw new ValidationError(problem.message, { [problem.field]: problem.message });
  const opened = await findVideo(context.db, id);
  assertMayChange(opened, session);
  if (session.user.creator && !session.user.creator.is_active && !session.user.is_superadmin) {
    throw new ForbiddenError(MESSAGES.accountSuspended);
  }
  if (Number(opened.version) !== fields.version) throw new ConflictError(MESSAGES.editedMeanwhile);
  const images = await replacementImages(opened, files);
  const replacedKeys = await withStoredFiles(context.storage, images.files, () =>
    inTransaction(context, async (tx) => {
      const video = await findVideo(tx.db, id);
      if (!video) throw new NotFoundError();
      const categoriesBefore = categoryIdsFrom(video.category_ids);
      const categoryIds = await requireCategories(tx, 'video', fields.categories);
      const saved = await updateVideo(
        tx.db,
        id,
        fields.version,
        {
          title: fields.title,
          title_lowercase: fields.title.toLowerCase(),
          title_search: searchKey(fields.title),
          video_url: normaliseYoutubeLink(fields.link)!,
          hor_img_url: images.horizontal,
          ver_img_url: images.vertical,
        },
        categoryIds,
      );
      if (!saved) throw new ConflictError(MESSAGES.editedMeanwhile);
      await recordChange(tx, session.user, {
        kind: 'video.edited',
        item: { type: 'video', id, label: fields.title },
        aboutUserId: video.creator_id,
        changes: changedFields(
          { ...video, categories: categoriesBefore },
          {
            title: fields.title,
            video_url: normaliseYoutubeLink(fields.link)!,
            categories: categoryIds,
            hor_img_url: images.horizontal,
            ver_img_url: images.vertical,
          },
        ),
      });
      const replaced = [video.hor_img_url, video.ver_img_url].filter(
        (key) => key !== images.horizontal && key !== images.vertical,
      );
      return unreferencedKeys(tx, replaced);
    }),
  );
  await Promise.all(replacedKeys.map((key) => context.storage.remove(key)));
  return getVideo(context, session, id);
}
