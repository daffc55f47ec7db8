import type { Database } from '../../db/database.ts';

export async function isSubmitted(db: Database, userId: string, key: string): Promise<boolean> {
  const found = await db
    .selectFrom('form_submissions')
    .select('submission_key')
    .where('user_id', '=', userId)
    .where('submission_key', '=', key)
    .executeTakeFirst();
  return !!found;
}

export async function deleteSubmissionsBefore(db: Database, before: number): Promise<void> {
  await db.deleteFrom('form_submissions').where('submitted_at', '<', before).execute();
}

/** Answers whether the key was new (an existing one is left as it is). */
export async function insertSubmission(
  db: Database,
  userId: string,
  key: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .insertInto('form_submissions')
    .values({ user_id: userId, submission_key: key, submitted_at: at })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
