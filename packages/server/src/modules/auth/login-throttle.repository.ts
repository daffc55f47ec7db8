import type { Database } from '../../db/database.ts';

/** How many failures a bucket holds after `since`, and the oldest and newest of them. */
export async function countFailuresSince(db: Database, bucket: string, since: number) {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('at').as('oldest'),
      eb.fn.max('at').as('newest'),
    ])
    .where('bucket', '=', bucket)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldest: row.oldest === null ? null : Number(row.oldest),
    newest: row.newest === null ? null : Number(row.newest),
  };
}

export async function insertFailures(db: Database, buckets: string[], at: number) {
  await db
    .insertInto('login_failures')
    .values(buckets.map((bucket) => ({ bucket, at })))
    .execute();
}

export async function clearBuckets(db: Database, buckets: string[]) {
  await db.deleteFrom('login_failures').where('bucket', 'in', buckets).execute();
}

export async function deleteFailuresBefore(db: Database, before: number) {
  await db.deleteFrom('login_failures').where('at', '<=', before).execute();
}
