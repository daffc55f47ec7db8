import { z } from 'zod';
import { MESSAGES } from '@coulisses/domain/messages';
import type { Database } from '../db/database.ts';
import { ConflictError } from './errors.ts';

/** How long a submission key is remembered: far longer than any retry, short enough to stay small. */
const REMEMBERED_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * The optional `Idempotency-Key` header of a form that creates something. The web app draws one
 * per filled form and keeps it across retries, so the same form sent twice creates one row.
 * Loose: the validated headers replace the request's, and the cookie must stay.
 */
export const SubmissionHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\w-]{8,100}$/, MESSAGES.invalidInput)
    .optional()
    .describe('One per filled form (a UUID); the same key sent again creates nothing and answers 409'),
});

/** Who sent the form, and its key when the client gave one (without a key nothing is checked). */
export interface Submission {
  userId: string;
  key: string | undefined;
}

/** Refuses early, before any image is processed, a form that was already sent. */
export async function assertNotSubmitted(db: Database, { userId, key }: Submission): Promise<void> {
  if (key === undefined) return;
  const found = await db
    .selectFrom('form_submissions')
    .select('submission_key')
    .where('user_id', '=', userId)
    .where('submission_key', '=', key)
    .executeTakeFirst();
  if (found) throw new ConflictError(MESSAGES.alreadySubmitted);
}

/**
 * Records the submission inside the transaction that creates the row: of two copies racing past
 * the early check, only one inserts the key, and the other's transaction rolls back.
 */
export async function recordSubmission(trx: Database, { userId, key }: Submission): Promise<void> {
  if (key === undefined) return;
  const now = Date.now();
  await trx
    .deleteFrom('form_submissions')
    .where('submitted_at', '<', now - REMEMBERED_FOR_MS)
    .execute();
  const result = await trx
    .insertInto('form_submissions')
    .values({ user_id: userId, submission_key: key, submitted_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new ConflictError(MESSAGES.alreadySubmitted);
}
