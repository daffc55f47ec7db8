import { FEATURED_VIDEOS_MAX, LATEST_VIDEOS_CAP } from '@coulisses/domain/constants/limits';
import { parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import { normaliseYoutubeLink } from '@coulisses/domain/rules/youtube-link';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { quoted } from '@coulisses/domain/rules/quoted';
import { countField, idsField, textField, timeField } from './document-fields.ts';
import type { FirestoreDocument } from './firestore-export.ts';
import type { ImportedCreator } from './import-people.ts';
import { countOf, skip, warn, type ImportReport } from './import-report.ts';

export interface ImportedCategory {
  id: string;
  name: string;
  name_key: string;
}

export interface ImportedVideo {
  id: string;
  title: string;
  title_lowercase: string;
  title_search: string;
  hor_img_url: string;
  ver_img_url: string;
  video_url: string;
  creator_id: string;
  created_at: number;
  categoryIds: string[];
}

export interface ImportedDiscount {
  id: string;
  title: string;
  title_lowercase: string;
  title_search: string;
  link: string;
  code: string;
  start_date: number;
  end_date: number;
  image_url: string;
  views: number;
  clicks: number;
  created_at: number;
  categoryIds: string[];
}

/** Categories, one per name ignoring case and accents (our rule; the original had none). */
export function planCategories(
  collection: string,
  docs: Map<string, FirestoreDocument>,
  report: ImportReport,
): ImportedCategory[] {
  const keys = new Set<string>();
  const categories: ImportedCategory[] = [];
  for (const [id, doc] of docs) {
    const name = textField(doc, 'name').trim();
    const key = searchKey(name);
    if (!name) skip(report, collection, id, 'nom vide');
    else if (keys.has(key))
      skip(report, collection, id, `nom ${quoted(name)} en double (casse et accents ignorés)`);
    else {
      keys.add(key);
      categories.push({ id, name, name_key: key });
    }
  }
  countOf(report, collection).imported = categories.length;
  return categories;
}

function knownCategories(
  collection: string,
  id: string,
  ids: string[],
  known: Set<string>,
  report: ImportReport,
): string[] {
  const unknown = ids.filter((category) => !known.has(category));
  if (unknown.length > 0)
    warn(report, collection, id, `catégories inconnues retirées : ${unknown.join(', ')}`);
  return ids.filter((category) => known.has(category));
}

/** Videos of imported creators, read from `creatorId` or the older `creator_id`. */
export function planVideos(
  docs: Map<string, FirestoreDocument>,
  creators: ImportedCreator[],
  categories: ImportedCategory[],
  report: ImportReport,
  now: number,
): ImportedVideo[] {
  const creatorIds = new Set(creators.map((creator) => creator.id));
  const known = new Set(categories.map((category) => category.id));
  const videos: ImportedVideo[] = [];
  for (const [id, doc] of docs) {
    const title = textField(doc, 'title').trim();
    const creatorId = textField(doc, 'creatorId', 'creator_id');
    const link = normaliseYoutubeLink(textField(doc, 'video_url'));
    if (!title) skip(report, 'videos', id, 'titre absent');
    else if (!link) skip(report, 'videos', id, 'lien YouTube absent ou invalide');
    else if (!creatorIds.has(creatorId))
      skip(report, 'videos', id, `créateur ${creatorId || '(aucun)'} non importé`);
    else {
      videos.push({
        id,
        title,
        title_lowercase: textField(doc, 'title_lowercase') || title.toLowerCase(),
        title_search: searchKey(title),
        hor_img_url: textField(doc, 'hor_img_url'),
        ver_img_url: textField(doc, 'ver_img_url'),
        video_url: link,
        creator_id: creatorId,
        created_at: timeField(doc, 'created_at', 'createdAt') ?? now,
        categoryIds: knownCategories('videos', id, idsField(doc, 'categories'), known, report),
      });
    }
  }
  for (const creator of creators) {
    const named = new Set(videos.filter((video) => video.creator_id === creator.id).map((video) => video.id));
    const listed = new Set(creator.listedVideoIds);
    const onlyListed = [...listed].filter((id) => !named.has(id));
    const onlyNamed = [...named].filter((id) => !listed.has(id));
    if (onlyListed.length > 0 || onlyNamed.length > 0) {
      warn(
        report,
        'creators',
        creator.id,
        `sa liste ${quoted('videos')} diffère des vidéos qui le nomment (seulement dans la liste : ${onlyListed.join(', ') || 'aucune'} ; seulement dans les vidéos : ${onlyNamed.join(', ') || 'aucune'}) — les vidéos font foi`,
      );
    }
  }
  countOf(report, 'videos').imported = videos.length;
  return videos;
}

export function planDiscounts(
  docs: Map<string, FirestoreDocument>,
  categories: ImportedCategory[],
  report: ImportReport,
  now: number,
): ImportedDiscount[] {
  const known = new Set(categories.map((category) => category.id));
  const discounts: ImportedDiscount[] = [];
  for (const [id, doc] of docs) {
    const title = textField(doc, 'title').trim();
    const start = timeField(doc, 'start_date');
    const end = timeField(doc, 'end_date');
    if (!title) skip(report, 'discounts', id, 'titre absent');
    else if (!textField(doc, 'link')) skip(report, 'discounts', id, 'lien absent');
    else if (start === undefined || end === undefined)
      skip(report, 'discounts', id, 'date de début ou de fin absente');
    else if (parisCalendarDay(end) < parisCalendarDay(start))
      skip(report, 'discounts', id, 'se termine avant de commencer');
    else {
      discounts.push({
        id,
        title,
        title_lowercase: textField(doc, 'title_lowercase') || title.toLowerCase(),
        title_search: searchKey(title),
        link: textField(doc, 'link'),
        code: textField(doc, 'code'),
        start_date: parisCalendarDay(start),
        end_date: parisCalendarDay(end),
        image_url: textField(doc, 'image_url'),
        views: countField(doc, 'views'),
        clicks: countField(doc, 'clicks'),
        created_at: timeField(doc, 'created_at', 'createdAt') ?? now,
        categoryIds: knownCategories('discounts', id, idsField(doc, 'categories'), known, report),
      });
    }
  }
  countOf(report, 'discounts').imported = discounts.length;
  return discounts;
}

/**
 * A list document's `video_id` array, without ids of videos left out, cut as our rules cut it:
 * the featured list keeps its first (newest) ten, the latest list its last (newest) eleven.
 */
export function planList(
  list: 'featured_videos' | 'latest_videos',
  doc: FirestoreDocument | undefined,
  videos: ImportedVideo[],
  report: ImportReport,
): string[] {
  const known = new Set(videos.map((video) => video.id));
  const ids = [...new Set(doc ? idsField(doc, 'video_id') : [])];
  const dangling = ids.filter((id) => !known.has(id));
  if (dangling.length > 0) warn(report, list, 'videos', `ids sans vidéo retirés : ${dangling.join(', ')}`);
  const kept = ids.filter((id) => known.has(id));
  const cap = list === 'featured_videos' ? FEATURED_VIDEOS_MAX : LATEST_VIDEOS_CAP;
  const cut = list === 'featured_videos' ? kept.slice(cap) : kept.slice(0, Math.max(0, kept.length - cap));
  if (cut.length > 0) warn(report, list, 'videos', `au-delà de ${cap}, retirés : ${cut.join(', ')}`);
  const result = list === 'featured_videos' ? kept.slice(0, cap) : kept.slice(-cap);
  countOf(report, list).imported = result.length;
  return result;
}
