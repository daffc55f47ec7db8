import { inTransaction, type AppContext } from '../../context.ts';
import { settleAfterBulkLoad } from '../../db/bulk-load.ts';
import { isExternalImage } from '../../lib/storage.ts';
import { readAuthExport, readHashConfig } from './auth-export.ts';
import { fetchImages } from './fetch-images.ts';
import {
  countContent,
  existingCategoryKeys,
  existingIds,
  existingUsers,
  insertCategories,
  insertCreators,
  insertDiscounts,
  insertUsers,
  insertVideos,
  listImageOrigins,
  listLength,
  rememberImageOrigins,
  replaceList,
  saveHashConfig,
  setTotal,
} from './firebase-import.repository.ts';
import { FirebaseImportError, readFirestoreExport } from './firestore-export.ts';
import type { ImportedCategory, ImportedDiscount, ImportedVideo } from './import-catalogue.ts';
import type { ImportedCreator } from './import-people.ts';
import { planImport, type ImportPlan } from './import-plan.ts';
import { countOf, skip, type ImportReport } from './import-report.ts';

export interface FirebaseExportFiles {
  firestore: string;
  auth?: string;
  hashConfig?: string;
}

export interface FirebaseImportOptions {
  dryRun: boolean;
  merge: boolean;
  fetchImages: boolean;
}

export interface FirebaseImportResult {
  report: ImportReport;
  /** Rows written (or, in a dry run, that would be). */
  imported: number;
  /** Valid documents found in the export: none means there was nothing to move. */
  found: number;
}

const totalImported = (report: ImportReport) =>
  Object.values(report.counts).reduce((sum, { imported }) => sum + imported, 0);

/** Thrown inside the transaction of a dry run, so everything it wrote rolls back. */
class DryRunRollback extends Error {}

/** Leaves out what the plan counted as imported, saying why. */
function drop(report: ImportReport, collection: string, id: string, reason: string) {
  countOf(report, collection).imported -= 1;
  skip(report, collection, id, reason);
}

function keepNew<T extends { id: string }>(
  report: ImportReport,
  collection: string,
  rows: T[],
  refusal: (row: T) => string | undefined,
): T[] {
  return rows.filter((row) => {
    const reason = refusal(row);
    if (reason) drop(report, collection, row.id, reason);
    return !reason;
  });
}

async function newCategories(
  context: AppContext,
  table: 'video_categories' | 'discount_categories',
  categories: ImportedCategory[],
  report: ImportReport,
) {
  const ids = await existingIds(context.db, table);
  const keys = await existingCategoryKeys(context.db, table);
  const kept = keepNew(report, table, categories, (category) =>
    ids.has(category.id)
      ? 'existe déjà'
      : keys.has(category.name_key)
        ? 'une catégorie de ce nom existe déjà'
        : undefined,
  );
  const present = new Set([...ids, ...kept.map((category) => category.id)]);
  return { kept, present };
}

/**
 * Writes the plan in the caller's transaction, leaving out every id (and e-mail or category name)
 * the database already holds, and whatever would then point at nothing.
 */
async function writePlan(context: AppContext, plan: ImportPlan, merge: boolean, now: number) {
  const { db } = context;
  const { report } = plan;
  const users = await existingUsers(db);
  const userIds = new Set(users.map((user) => user.id));
  const emails = new Map(users.map((user) => [user.email, user.id]));
  const newUsers = keepNew(report, 'users', plan.users, (user) =>
    userIds.has(user.id)
      ? 'existe déjà'
      : emails.has(user.email)
        ? `e-mail ${user.email} déjà pris ici`
        : undefined,
  );
  const presentUsers = new Set([...userIds, ...newUsers.map((user) => user.id)]);
  const creatorIds = await existingIds(db, 'creators');
  const newCreators = keepNew(report, 'creators', plan.creators, (creator) =>
    creatorIds.has(creator.id)
      ? 'existe déjà'
      : presentUsers.has(creator.id)
        ? undefined
        : 'son utilisateur n’est pas importé',
  );
  const presentCreators = new Set([...creatorIds, ...newCreators.map((creator) => creator.id)]);
  const videoCategories = await newCategories(context, 'video_categories', plan.videoCategories, report);
  const discountCategories = await newCategories(
    context,
    'discount_categories',
    plan.discountCategories,
    report,
  );
  const videoIds = await existingIds(db, 'videos');
  const newVideos = keepNew(report, 'videos', plan.videos, (video) =>
    videoIds.has(video.id)
      ? 'existe déjà'
      : presentCreators.has(video.creator_id)
        ? undefined
        : 'son créateur n’est pas importé',
  ).map((video) => ({
    ...video,
    // eslint-disable-next-line no-restricted-syntax -- copied once per import, never answered
    categoryIds: video.categoryIds.filter((id) => videoCategories.present.has(id)),
  }));
  const discountIds = await existingIds(db, 'discounts');
  const newDiscounts = keepNew(report, 'discounts', plan.discounts, (discount) =>
    discountIds.has(discount.id) ? 'existe déjà' : undefined,
  ).map((discount) => ({
    ...discount,
    // eslint-disable-next-line no-restricted-syntax -- copied once per import, never answered
    categoryIds: discount.categoryIds.filter((id) => discountCategories.present.has(id)),
  }));

  await rememberImageOrigins(db, outsideOrigins(newCreators, newVideos, newDiscounts));
  await insertUsers(db, newUsers);
  await insertCreators(db, newCreators, now);
  await insertCategories(db, 'video_categories', videoCategories.kept, now);
  await insertCategories(db, 'discount_categories', discountCategories.kept, now);
  await insertVideos(db, newVideos);
  await insertDiscounts(db, newDiscounts);

  const presentVideos = new Set([...videoIds, ...newVideos.map((video) => video.id)]);
  for (const [list, ids] of [
    ['featured_videos', plan.featured],
    ['latest_videos', plan.latest],
  ] as const) {
    if (merge && (await listLength(db, list)) > 0) {
      report.notes.push(`${list} : la liste d’ici n’était pas vide, elle est laissée telle quelle.`);
      countOf(report, list).imported = 0;
    } else {
      const kept = ids.filter((id) => presentVideos.has(id));
      countOf(report, list).imported = kept.length;
      await replaceList(db, list, kept);
    }
  }
  if (plan.totals && !merge) {
    await setTotal(db, 'views', plan.totals.views);
    await setTotal(db, 'clicks', plan.totals.clicks);
  } else if (plan.totals) {
    report.notes.push('totals : avec --merge, les totaux d’ici sont gardés.');
  }
}

/** Where the images kept outside live, so the back-office's CSP can allow them. */
function outsideOrigins(
  creators: ImportedCreator[],
  videos: ImportedVideo[],
  discounts: ImportedDiscount[],
): string[] {
  const urls = [
    ...creators.flatMap((creator) => [creator.hor_img_url, creator.ver_img_url]),
    ...videos.flatMap((video) => [video.hor_img_url, video.ver_img_url]),
    ...discounts.map((discount) => discount.image_url),
  ];
  return [...new Set(urls.filter(isExternalImage).map((url) => new URL(url).origin))];
}

/** The origins of images that stayed outside; the security plugin allows them as image sources. */
export function outsideImageOrigins(context: AppContext): Promise<string[]> {
  return listImageOrigins(context.db);
}

/** Whether the target holds nothing but, at most, the superadmin made at first start. */
async function isFresh(context: AppContext) {
  const content = await countContent(context.db);
  return (
    content.users <= 1 &&
    content.users === content.superadmins &&
    content.videos === 0 &&
    content.discounts === 0 &&
    content.categories === 0
  );
}

/**
 * Moves the original app's data in, all or nothing: one transaction, so any error writes nothing.
 * Refuses a database that already holds data unless `merge`, which skips existing ids and so
 * changes nothing the second time.
 */
export async function importFromFirebase(
  context: AppContext,
  files: FirebaseExportFiles,
  options: FirebaseImportOptions,
  now = Date.now(),
): Promise<FirebaseImportResult> {
  const firestore = readFirestoreExport(files.firestore);
  const authUsers = files.auth === undefined ? undefined : readAuthExport(files.auth);
  const hashConfig = files.hashConfig === undefined ? undefined : readHashConfig(files.hashConfig);
  if (authUsers?.some((user) => user.passwordHash) && !hashConfig) {
    throw new FirebaseImportError(
      '--hash-config est requis avec --auth : sans lui, personne ne pourrait se connecter avec son ancien mot de passe.',
    );
  }
  const plan = planImport(firestore, authUsers, now);
  const found = totalImported(plan.report);
  if (!options.merge && !(await isFresh(context))) {
    throw new FirebaseImportError(
      'Cette base contient déjà des données : relance avec --merge pour n’ajouter que ce qui manque.',
    );
  }
  const fetched = options.fetchImages && !options.dryRun ? await fetchImages(context, plan) : [];
  if (options.fetchImages && options.dryRun) plan.report.notes.push('Essai : aucune image téléchargée.');
  try {
    await inTransaction(context, async (tx) => {
      await writePlan(tx, plan, options.merge, now);
      if (hashConfig) await saveHashConfig(tx.db, hashConfig);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) {
      await Promise.all(fetched.map((key) => context.storage.remove(key)));
      throw error;
    }
  }
  if (!options.dryRun) await settleAfterBulkLoad(context.db);
  return { report: plan.report, imported: totalImported(plan.report), found };
}
