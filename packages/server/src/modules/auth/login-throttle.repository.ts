import type { Database } from '../../db/database.ts';

export async function countFailuresSince(db: Database, bucket: string, since: number) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
    .where('bucket', '=', bucket)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

export async function insertFailures(db: Database, buckets: string[], at: number) {
  await db
    .insertInto('login_failures')
    .values(buckets.map((bucket) => ({ bucket, at })))
    .execute();
}

export async function clearBucket(db: Database, bucket: string) {
  await db.deleteFrom('login_failures').where('bucket', '=', bucket).execute();
}

export async function deleteFailuresBefore(db: Database, before: number) {
  await db.deleteFrom('login_failures').where('at', '<=', before).execute();
}
