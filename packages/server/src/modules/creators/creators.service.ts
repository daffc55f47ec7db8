import { MESSAGES } from '@coulisses/domain/messages';
import { AddCreatorSchema, type CreatorList, type CreatorListItem } from '@coulisses/domain/schemas/creators';
import type { Database } from '../../db/database.ts';
import { toBool } from '../../lib/booleans.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { findAccountByEmail, grantCreatorRole, isUniqueViolation } from '../users/users.service.ts';
import { insertCreator, listCreatorsWithCounts, updateCreatorActive } from './creators.repository.ts';

/**
 * Creates a creator record, active and unpublished (spec section 4). The caller sets the user's
 * is_creator in the same transaction.
 */
export async function createCreatorRecord(trx: Database, user: { id: string; email: string }): Promise<void> {
  await insertCreator(trx, user);
}

export async function listCreators(db: Database): Promise<CreatorList> {
  const rows = await listCreatorsWithCounts(db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.title,
      email: row.email,
      video_count: Number(row.video_count ?? 0),
      is_active: toBool(row.is_active),
    })),
  };
}

/**
 * The superadmin's "add creator": the user with that e-mail becomes a creator with an active,
 * unpublished page, both in one transaction. Anyone already a creator is left untouched.
 */
export async function addCreator(db: Database, input: unknown): Promise<CreatorListItem> {
  const { email } = parseInput(AddCreatorSchema, input);
  const user = await findAccountByEmail(db, email);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  if (user.is_creator) throw new ConflictError(MESSAGES.alreadyCreator);
  try {
    await db.transaction().execute(async (trx) => {
      await grantCreatorRole(trx, user.id);
      await createCreatorRecord(trx, { id: user.id, email: user.email });
    });
  } catch (error) {
    // Two superadmins adding the same person at once: the second finds the record already there.
    if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.alreadyCreator);
    throw error;
  }
  return { id: user.id, name: '', email: user.email, video_count: 0, is_active: true };
}

/**
 * Suspends or reactivates a creator. Their videos' visibility follows from this one row (design
 * decision 2), and their next request sees the new status (sessions read it every time).
 */
export async function setCreatorActive(db: Database, id: string, active: boolean): Promise<void> {
  if (!(await updateCreatorActive(db, id, active))) throw new NotFoundError();
}
