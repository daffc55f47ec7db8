import { z } from 'zod';
import { MESSAGES } from '@coulisses/domain/messages';
import type { AppContext } from '../../context.ts';
import { ConflictError } from '../../lib/errors.ts';
import { deleteSubmissionsBefore, insertSubmission, isSubmitted } from './form-submissions.repository.ts';

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
export async function assertNotSubmitted({ db }: AppContext, { userId, key }: Submission): Promise<void> {
  if (key !== undefined && (await isSubmitted(db, userId, key))) {
    throw new ConflictError(MESSAGES.alreadySubmitted);
  }
}

/**
 * Records the submission inside the transaction that creates the row: of two copies racing past
 * the early check, only one inserts the key, and the other's transaction rolls back.
 */
export async function recordSubmission({ db }: AppContext, { userId, key }: Submission): Promise<void> {
  if (key === undefined) return;
  const now = Date.now();
  await deleteSubmissionsBefore(db, now - REMEMBERED_FOR_MS);
  if (!(await insertSubmission(db, userId, key, now))) throw new ConflictError(MESSAGES.alreadySubmitted);
}
