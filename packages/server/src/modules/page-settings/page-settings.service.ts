import { MESSAGES } from '@coulisses/domain/messages';
import { blankedOnLivePage, publishRefusal } from '@coulisses/domain/rules/page-publish';
import { PAGE_IMAGES, type PageSettings, type PageSettingsPatch } from '@coulisses/domain/schemas/page';
import { inTransaction, type AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { toBool, toInt } from '../../lib/booleans.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { normaliseImage } from '../../lib/images.ts';
import type { UploadedFiles } from '../../lib/multipart.ts';
import { newImageKey, withStoredFiles } from '../../lib/storage.ts';
import { unreferencedKeys } from '../maintenance/file-references.service.ts';
import { findPage, updatePage, type PageRow, type PageUpdate } from './page-settings.repository.ts';

function toPageSettings(row: PageRow, { config, storage }: AppContext): PageSettings {
  return {
    title: row.title,
    bio: row.bio,
    email: row.email,
    hor_img_url: row.hor_img_url ? storage.urlFor(row.hor_img_url) : null,
    ver_img_url: row.ver_img_url ? storage.urlFor(row.ver_img_url) : null,
    facebook_url: row.facebook_url,
    instagram_url: row.instagram_url,
    youtube_url: row.youtube_url,
    tiktok_url: row.tiktok_url,
    linkedin_url: row.linkedin_url,
    home_video_url: row.home_video_url,
    email_visible: toBool(row.email_visible),
    lebavard_url: row.lebavard_url,
    is_live: toBool(row.is_live),
    is_active: toBool(row.is_active),
    assistant_script_hosts: config.assistantScriptHosts,
  };
}

/** A creator's own page: the id always comes from the session, never from the request. */
async function pageOf(db: Database, creatorId: string): Promise<PageRow> {
  const row = await findPage(db, creatorId);
  if (!row) throw new NotFoundError();
  return row;
}

function refuseIfSuspended(row: PageRow): void {
  if (!toBool(row.is_active)) throw new ForbiddenError(MESSAGES.accountSuspended);
}

export async function getPage(context: AppContext, creatorId: string): Promise<PageSettings> {
  return toPageSettings(await pageOf(context.db, creatorId), context);
}

/** A live page keeps its required texts: a save that would blank them changes nothing. */
function refuseBlankingLivePage(row: PageRow, changes: PageUpdate): void {
  const blanked = blankedOnLivePage({
    is_live: toBool(row.is_live),
    title: changes.title ?? row.title,
    home_video_url: changes.home_video_url ?? row.home_video_url,
  });
  if (Object.keys(blanked).length > 0) throw new ValidationError(MESSAGES.livePageTextsRequired, blanked);
}

function toColumns(patch: PageSettingsPatch): PageUpdate {
  const { email_visible, ...texts } = patch;
  const changes: PageUpdate = {};
  for (const [column, value] of Object.entries(texts)) {
    if (value !== undefined) changes[column as keyof typeof texts] = value;
  }
  if (email_visible !== undefined) changes.email_visible = toInt(email_visible);
  return changes;
}

/**
 * Merge-saves a creator's page: only the fields sent change, and each new image is normalised to
 * its exact size under `creators/{uid}/`. A replaced image is deleted once the new one is saved,
 * unless another row still shows it; if saving fails, the new files go and the old ones stay. A
 * suspended creator cannot save.
 */
export async function savePage(
  context: AppContext,
  creatorId: string,
  form: { fields: PageSettingsPatch; files: UploadedFiles },
): Promise<PageSettings> {
  const { db, storage } = context;
  const before = await pageOf(db, creatorId);
  refuseIfSuspended(before);

  const changes = toColumns(form.fields);
  refuseBlankingLivePage(before, changes);
  const newFiles: { key: string; data: Buffer }[] = [];
  for (const image of PAGE_IMAGES) {
    const upload = form.files[image.field];
    if (!upload) continue;
    const key = newImageKey(`creators/${creatorId}`);
    newFiles.push({ key, data: await normaliseImage(upload, image.orientation, image.field) });
    changes[image.column] = key;
  }

  const replaced = await withStoredFiles(storage, newFiles, () =>
    inTransaction(context, async (tx) => {
      // Checked again inside the transaction: a suspension or a publication during the upload still wins.
      const current = await pageOf(tx.db, creatorId);
      refuseIfSuspended(current);
      refuseBlankingLivePage(current, changes);
      await updatePage(tx.db, creatorId, changes);
      return unreferencedKeys(
        tx,
        PAGE_IMAGES.filter((image) => changes[image.column] && current[image.column]).map(
          (image) => current[image.column],
        ),
      );
    }),
  );
  await Promise.allSettled(replaced.map((key) => storage.remove(key)));
  return getPage(context, creatorId);
}

/**
 * Publishes or unpublishes a creator's page. Their videos show in the app exactly while the page
 * is live and the creator active (docs/decisions/007-derived-visibility.md), so this one row
 * moves them all at once.
 * Publishing needs the required fields and an active account; unpublishing is always allowed.
 */
export async function setPageLive(
  context: AppContext,
  creatorId: string,
  live: boolean,
): Promise<{ is_live: boolean }> {
  await inTransaction(context, async ({ db }) => {
    const row = await pageOf(db, creatorId);
    if (live) {
      refuseIfSuspended(row);
      const refusal = publishRefusal(row);
      if (refusal) throw new ValidationError(refusal);
    }
    await updatePage(db, creatorId, { is_live: toInt(live) });
  });
  return { is_live: live };
}
