import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as createCoreTables from './migrations/2026_11_22_001_create_core_tables.ts';
import * as createCountMarks from './migrations/2026_11_23_040_create_count_marks.ts';
import * as createFormSubmissions from './migrations/2026_11_23_050_create_form_submissions.ts';
import * as createFirebasePasswords from './migrations/2026_11_23_060_create_firebase_passwords.ts';
import * as addSessionsSignedInAt from './migrations/2026_11_23_065_add_sessions_signed_in_at.ts';
import * as addTrigramSearchIndexes from './migrations/2026_11_24_070_add_trigram_search_indexes.ts';
import * as addSearchIndexes from './migrations/2026_11_24_080_add_search_indexes.ts';
import * as addImageKeyIndexes from './migrations/2026_11_25_090_add_image_key_indexes.ts';
import * as addCreatorVideoCounts from './migrations/2026_11_26_100_add_creator_video_counts.ts';
import * as addEditVersions from './migrations/2026_11_27_110_add_edit_versions.ts';
import * as createJournal from './migrations/2026_11_28_120_create_journal.ts';
import * as addCategoryUseCounts from './migrations/2026_11_29_130_add_category_use_counts.ts';
import * as createComments from './migrations/2026_11_30_140_create_comments.ts';
import * as addCategoryTitleOrder from './migrations/2026_12_01_150_add_category_title_order.ts';
import * as addCategoryIds from './migrations/2026_12_02_160_add_category_ids.ts';
import * as addContentVersion from './migrations/2026_12_03_170_add_content_version.ts';
import * as countPerStatement from './migrations/2026_12_04_180_count_inserts_and_deletes_per_statement.ts';
import * as addRowTotals from './migrations/2026_12_05_190_add_row_totals.ts';
import * as searchKeyInReportedOrder from './migrations/2026_12_06_200_search_key_in_reported_order.ts';
import * as searchKeyInCreatorAndVideoOrders from './migrations/2026_12_07_210_search_key_in_creator_and_video_orders.ts';
import * as commentSearchPerVideoAndCreator from './migrations/2026_12_08_220_comment_search_per_video_and_creator.ts';
import * as boundTrigramPendingLists from './migrations/2026_12_09_230_bound_trigram_pending_lists.ts';
import * as countSearchTrigrams from './migrations/2026_12_10_240_count_search_trigrams.ts';

// Listed in code rather than read from a folder, so the bundle-free tsx start and tests agree.
const migrations: Record<string, Migration> = {
  '2026_11_22_001_create_core_tables': createCoreTables,
  '2026_11_23_040_create_count_marks': createCountMarks,
  '2026_11_23_050_create_form_submissions': createFormSubmissions,
  '2026_11_23_060_create_firebase_passwords': createFirebasePasswords,
  '2026_11_23_065_add_sessions_signed_in_at': addSessionsSignedInAt,
  '2026_11_24_070_add_trigram_search_indexes': addTrigramSearchIndexes,
  '2026_11_24_080_add_search_indexes': addSearchIndexes,
  '2026_11_25_090_add_image_key_indexes': addImageKeyIndexes,
  '2026_11_26_100_add_creator_video_counts': addCreatorVideoCounts,
  '2026_11_27_110_add_edit_versions': addEditVersions,
  '2026_11_28_120_create_journal': createJournal,
  '2026_11_29_130_add_category_use_counts': addCategoryUseCounts,
  '2026_11_30_140_create_comments': createComments,
  '2026_12_01_150_add_category_title_order': addCategoryTitleOrder,
  '2026_12_02_160_add_category_ids': addCategoryIds,
  '2026_12_03_170_add_content_version': addContentVersion,
  '2026_12_04_180_count_inserts_and_deletes_per_statement': countPerStatement,
  '2026_12_05_190_add_row_totals': addRowTotals,
  '2026_12_06_200_search_key_in_reported_order': searchKeyInReportedOrder,
  '2026_12_07_210_search_key_in_creator_and_video_orders': searchKeyInCreatorAndVideoOrders,
  '2026_12_08_220_comment_search_per_video_and_creator': commentSearchPerVideoAndCreator,
  '2026_12_09_230_bound_trigram_pending_lists': boundTrigramPendingLists,
  '2026_12_10_240_count_search_trigrams': countSearchTrigrams,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; runs at every start and is a no-op when nothing is pending. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration échouée : ${JSON.stringify(error)}`);
}
