import type { AuthUser } from './auth-export.ts';
import { countField } from './document-fields.ts';
import type { FirestoreDocument, FirestoreExport } from './firestore-export.ts';
import {
  planCategories,
  planDiscounts,
  planList,
  planVideos,
  type ImportedCategory,
  type ImportedDiscount,
  type ImportedVideo,
} from './import-catalogue.ts';
import { planCreators, planUsers, type ImportedCreator, type ImportedUser } from './import-people.ts';
import { emptyReport, type ImportReport } from './import-report.ts';

/** Everything the import would write, and the report of what it left out. */
export interface ImportPlan {
  users: ImportedUser[];
  creators: ImportedCreator[];
  videoCategories: ImportedCategory[];
  discountCategories: ImportedCategory[];
  videos: ImportedVideo[];
  discounts: ImportedDiscount[];
  featured: string[];
  latest: string[];
  totals: { views: number; clicks: number } | undefined;
  report: ImportReport;
}

/** Spec section 3's collections; anything else in the export is named in the report and left alone. */
const KNOWN_COLLECTIONS = [
  'users',
  'creators',
  'videos',
  'video_categories',
  'discounts',
  'discount_categories',
  'latest_videos',
  'featured_videos',
  'totals',
];

/** Reads the original's collections into our rows, without writing anything. */
export function planImport(
  firestore: FirestoreExport,
  authUsers: AuthUser[] | undefined,
  now: number,
): ImportPlan {
  const report = emptyReport();
  const docs = (name: string) => firestore.collections.get(name) ?? new Map<string, FirestoreDocument>();
  const users = planUsers(docs('users'), authUsers, report, now);
  const creators = planCreators(docs('creators'), users, report);
  const videoCategories = planCategories('video_categories', docs('video_categories'), report);
  const discountCategories = planCategories('discount_categories', docs('discount_categories'), report);
  const videos = planVideos(docs('videos'), creators, videoCategories, report, now);
  const discounts = planDiscounts(docs('discounts'), discountCategories, report, now);
  const featured = planList('featured_videos', docs('featured_videos').get('videos'), videos, report);
  const latest = planList('latest_videos', docs('latest_videos').get('videos'), videos, report);
  const views = docs('totals').get('views');
  const clicks = docs('totals').get('clicks');
  const totals =
    views || clicks
      ? { views: views ? countField(views, 'views') : 0, clicks: clicks ? countField(clicks, 'clicks') : 0 }
      : undefined;
  const unknown = [...firestore.collections.keys()].filter((name) => !KNOWN_COLLECTIONS.includes(name));
  if (unknown.length > 0)
    report.notes.push(`Collections inconnues laissées de côté : ${unknown.join(', ')}.`);
  return {
    users,
    creators,
    videoCategories,
    discountCategories,
    videos,
    discounts,
    featured,
    latest,
    totals,
    report,
  };
}
