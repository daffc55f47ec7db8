import type { Database } from '../../db/database.ts';
import type { FirebaseHashConfig } from '../../lib/firebase-scrypt.ts';
import type { ImportedCategory, ImportedDiscount, ImportedVideo } from './import-catalogue.ts';
import type { ImportedCreator, ImportedUser } from './import-people.ts';

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound values. */
const BATCH = 200;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** What the target already holds that an import could collide with. */
export async function countContent(db: Database) {
  const count = async (
    table: 'users' | 'videos' | 'discounts' | 'video_categories' | 'discount_categories',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const superadmins = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('is_superadmin', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    users: await count('users'),
    superadmins: Number(superadmins.n),
    videos: await count('videos'),
    discounts: await count('discounts'),
    categories: (await count('video_categories')) + (await count('discount_categories')),
  };
}

export async function existingUsers(db: Database) {
  return db.selectFrom('users').select(['id', 'email']).execute();
}

export async function existingIds(
  db: Database,
  table: 'creators' | 'videos' | 'discounts' | 'video_categories' | 'discount_categories',
): Promise<Set<string>> {
  return new Set((await db.selectFrom(table).select('id').execute()).map((row) => row.id));
}

export async function existingCategoryKeys(db: Database, table: 'video_categories' | 'discount_categories') {
  return new Set((await db.selectFrom(table).select('name_key').execute()).map((row) => row.name_key));
}

export async function listLength(db: Database, list: 'featured_videos' | 'latest_videos') {
  return Number(
    (
      await db
        .selectFrom(list)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

export async function insertUsers(db: Database, users: ImportedUser[]) {
  await insertInBatches(users, (batch) =>
    db
      .insertInto('users')
      .values(
        batch.map(({ firebasePassword: _password, ...user }) => ({
          ...user,
          password_hash: '',
          terms_accepted_at: null,
        })),
      )
      .execute(),
  );
  const passwords = users.flatMap((user) =>
    user.firebasePassword
      ? [
          {
            user_id: user.id,
            password_hash: user.firebasePassword.passwordHash,
            salt: user.firebasePassword.salt,
          },
        ]
      : [],
  );
  await insertInBatches(passwords, (batch) => db.insertInto('firebase_passwords').values(batch).execute());
}

export async function insertCreators(db: Database, creators: ImportedCreator[], now: number) {
  await insertInBatches(creators, (batch) =>
    db
      .insertInto('creators')
      .values(batch.map(({ listedVideoIds: _listed, ...creator }) => ({ ...creator, updated_at: now })))
      .execute(),
  );
}

export async function insertCategories(
  db: Database,
  table: 'video_categories' | 'discount_categories',
  categories: ImportedCategory[],
  now: number,
) {
  await insertInBatches(categories, (batch) =>
    db
      .insertInto(table)
      .values(batch.map((category) => ({ ...category, created_at: now })))
      .execute(),
  );
}

export async function insertVideos(db: Database, videos: ImportedVideo[]) {
  await insertInBatches(videos, (batch) =>
    db
      .insertInto('videos')
      .values(batch.map(({ categoryIds: _categories, ...video }) => video))
      .execute(),
  );
  const links = videos.flatMap((video) =>
    video.categoryIds.map((category_id) => ({ video_id: video.id, category_id })),
  );
  await insertInBatches(links, (batch) => db.insertInto('video_category_links').values(batch).execute());
}

export async function insertDiscounts(db: Database, discounts: ImportedDiscount[]) {
  await insertInBatches(discounts, (batch) =>
    db
      .insertInto('discounts')
      .values(batch.map(({ categoryIds: _categories, ...discount }) => discount))
      .execute(),
  );
  const links = discounts.flatMap((discount) =>
    discount.categoryIds.map((category_id) => ({ discount_id: discount.id, category_id })),
  );
  await insertInBatches(links, (batch) => db.insertInto('discount_category_links').values(batch).execute());
}

/** Writes a list in its order; it replaces whatever the list held. */
export async function replaceList(
  db: Database,
  list: 'featured_videos' | 'latest_videos',
  videoIds: string[],
) {
  await db.deleteFrom(list).execute();
  if (videoIds.length === 0) return;
  await db
    .insertInto(list)
    .values(videoIds.map((video_id, position) => ({ video_id, position })))
    .execute();
}

export async function setTotal(db: Database, name: 'views' | 'clicks', value: number) {
  await db
    .insertInto('totals')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}

export async function saveHashConfig(db: Database, config: FirebaseHashConfig) {
  const row = {
    signer_key: config.signerKey.toString('base64'),
    salt_separator: config.saltSeparator.toString('base64'),
    rounds: config.rounds,
    mem_cost: config.memCost,
  };
  await db
    .insertInto('firebase_hash_config')
    .values({ id: 1, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}

export async function rememberImageOrigins(db: Database, origins: string[]) {
  if (origins.length === 0) return;
  await db
    .insertInto('outside_image_origins')
    .values(origins.map((origin) => ({ origin })))
    .onConflict((conflict) => conflict.column('origin').doNothing())
    .execute();
}

export async function listImageOrigins(db: Database): Promise<string[]> {
  return (await db.selectFrom('outside_image_origins').select('origin').orderBy('origin').execute()).map(
    (row) => row.origin,
  );
}
