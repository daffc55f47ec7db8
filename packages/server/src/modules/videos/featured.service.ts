import { MESSAGES } from '@coulisses/domain/messages';
import { moveInList, toggleFeatured } from '@coulisses/domain/rules/featured-list';
import type { FeaturedList } from '@coulisses/domain/schemas/videos';
import { inTransaction, type AppContext } from '../../context.ts';
import { isForeignKeyViolation } from '../../db/dialect.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { thumbnailUrlFor } from '../../lib/storage.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import {
  findFeaturedVideos,
  findVideo,
  lockList,
  readList,
  reorderList,
  writeList,
} from './videos.repository.ts';

/** The featured list in its order, named: what the superadmin reviews, reorders and trims. */
export async function listFeaturedVideos(context: AppContext): Promise<FeaturedList> {
  const rows = await findFeaturedVideos(context.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      creator: row.creator_title || row.creator_email,
      video_url: row.video_url,
      hor_img_url: context.storage.urlFor(row.hor_img_url),
      hor_img_thumb_url: thumbnailUrlFor(row.hor_img_url),
    })),
  };
}

/** Features or unfeatures a video (spec section 4); one transaction, so simultaneous toggles never clash. */

export async function toggleFeaturedVideo(
  context: AppContext,
  actor: Actor,
  id: string,
): Promise<{ featured: boolean }> {
  try {
    return await inTransaction(context, async (tx) => {
      const video = await findVideo(tx.db, id);
      if (!video) throw new NotFoundError();
      await lockList(tx.db, 'featured');
      const { list, featured } = toggleFeatured(await readList(tx.db, 'featured'), id);
      await writeList(tx.db, 'featured', list, featured ? { id, at: 'front' } : null);
      await recordChange(tx, actor, {
        kind: featured ? 'video.featured' : 'video.unfeatured',
        item: { type: 'video', id, label: video.title },
        aboutUserId: video.creator_id,
      });
      return { featured };
    });
  } catch (error) {
    // Deleted by another request between the check and the write: the list's foreign key refuses it.
    if (isForeignKeyViolation(error)) throw new NotFoundError();
    throw error;
  }
}

/**
 * Moves a featured video to another place; answers the list as it now is. A video that left the
 * list meanwhile (another superadmin, a delete) is a conflict: the caller shows the fresh list.
 */
export async function moveFeaturedVideo(
  context: AppContext,
  actor: Actor,
  id: string,
  position: number,
): Promise<FeaturedList> {
  await inTransaction(context, async (tx) => {
    await lockList(tx.db, 'featured');
    const before = await readList(tx.db, 'featured');
    const after = moveInList(before, id, position);
    if (!after) throw new ConflictError(MESSAGES.featuredGone);
    if (after.indexOf(id) === before.indexOf(id)) return;
    await reorderList(tx.db, 'featured', after);
    const video = await findVideo(tx.db, id);
    await recordChange(tx, actor, {
      kind: 'video.moved',
      item: { type: 'video', id, label: video?.title ?? id },
      aboutUserId: video?.creator_id ?? null,
      // Places as people count them, from 1.
      changes: { position: { before: before.indexOf(id) + 1, after: after.indexOf(id) + 1 } },
    });
  });
  return listFeaturedVideos(context);
}

/** Takes a video out of the featured list; nothing to do when it is already out. */
export async function unfeatureVideo(context: AppContext, actor: Actor, id: string): Promise<FeaturedList> {
  await inTransaction(context, async (tx) => {
    await lockList(tx.db, 'featured');
    const list = await readList(tx.db, 'featured');
    if (!list.includes(id)) return;
    await writeList(
      tx.db,
      'featured',
      list.filter((other) => other !== id),
      null,
    );
    const video = await findVideo(tx.db, id);
    await recordChange(tx, actor, {
      kind: 'video.unfeatured',
      item: { type: 'video', id, label: video?.title ?? id },
      aboutUserId: video?.creator_id ?? null,
    });
  });
  return listFeaturedVideos(context);
}
