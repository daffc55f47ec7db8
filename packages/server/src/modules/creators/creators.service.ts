import { MESSAGES } from '@coulisses/domain/messages';
import { searchTerm } from '@coulisses/domain/rules/text-search';
import type { AddCreator, CreatorList, CreatorListItem } from '@coulisses/domain/schemas/creators';
import { inTransaction, type AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { toBool } from '../../lib/booleans.ts';
import { yesNo } from '../../lib/csv.ts';
import type { KeysetCsv } from '../../lib/csv-stream.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import {
  findAccountByEmail,
  grantCreatorRole,
  insertAccount,
  type NewAccount,
} from '../accounts/accounts.service.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import {
  findCreatorStatus,
  insertCreator,
  listCreatorsPage,
  listCreatorsWithCounts,
  updateCreatorActive,
  type CreatorRow,
} from './creators.repository.ts';

/**
 * Creates an account (the CLI, the first start, tests); with `creator`, also its creator record,
 * active and unpublished (spec section 4), in the same transaction. It lives here, above accounts,
 * because creators build on accounts and never the other way round.
 */
export function createAccount(
  context: AppContext,
  account: NewAccount,
): Promise<{ id: string; email: string }> {
  return inTransaction(context, async (tx) => {
    const created = await insertAccount(tx, account, `Un compte existe déjà avec l'e-mail ${account.email}.`);
    if (account.creator) await insertCreator(tx.db, created);
    return created;
  });
}

export async function listCreators({ db }: AppContext): Promise<CreatorList> {
  const rows = await listCreatorsWithCounts(db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.title,
      email: row.email,
      video_count: Number(row.video_count ?? 0),
      is_active: toBool(row.is_active),
      is_live: toBool(row.is_live),
    })),
  };
}

/** The creators export: the list's columns, `q` keeping the e-mails containing it. */
export function creatorsCsv({ db }: AppContext, query: { q?: string }): KeysetCsv<CreatorRow> {
  const search = searchTerm(query.q);
  return {
    header: ['E-mail', 'Nom', 'Vidéos', 'Suspendu'],
    readPage: (afterEmail, limit) => listCreatorsPage(db, { search, afterEmail, limit }),
    cursorOf: (row) => row.email,
    cellsOf: (row) => [
      row.email,
      row.title,
      String(Number(row.video_count ?? 0)),
      yesNo(!toBool(row.is_active)),
    ],
  };
}

/**
 * The superadmin's "add creator": the user with that e-mail becomes a creator with an active,
 * unpublished page, both in one transaction. Anyone already a creator is left untouched.
 */
export async function addCreator(
  context: AppContext,
  actor: Actor,
  { email }: AddCreator,
): Promise<CreatorListItem> {
  const user = await findAccountByEmail(context, email);
  if (!user) throw new NotFoundError(MESSAGES.userNotFound);
  if (user.is_creator) throw new ConflictError(MESSAGES.alreadyCreator);
  try {
    await inTransaction(context, async (tx) => {
      await grantCreatorRole(tx, user.id);
      await insertCreator(tx.db, { id: user.id, email: user.email });
      await recordChange(tx, actor, {
        kind: 'creator.added',
        item: { type: 'user', id: user.id, label: user.email },
        aboutUserId: user.id,
      });
    });
  } catch (error) {
    // Two superadmins adding the same person at once: the second finds the record already there.
    if (isUniqueViolation(error)) throw new ConflictError(MESSAGES.alreadyCreator);
    throw error;
  }
  return { id: user.id, name: '', email: user.email, video_count: 0, is_active: true, is_live: false };
}

/**
 * Suspends or reactivates a creator. Their videos' visibility follows from this one row
 * (docs/decisions/007-derived-visibility.md), and their next request sees the new status
 * (sessions read it every time).
 */
export async function setCreatorActive(
  context: AppContext,
  actor: Actor,
  id: string,
  active: boolean,
): Promise<void> {
  // Suspended, the only superadmin would lock themselves out of the back-office.
  if (!active && id === actor.id) throw new ForbiddenError(MESSAGES.cannotSuspendSelf);
  await inTransaction(context, async (tx) => {
    const before = await findCreatorStatus(tx.db, id);
    if (!before || !(await updateCreatorActive(tx.db, id, active))) throw new NotFoundError();
    // Setting the status it already has changes nothing, so it tells nothing either.
    if (toBool(before.is_active) === active) return;
    await recordChange(tx, actor, {
      kind: active ? 'creator.reactivated' : 'creator.suspended',
      item: { type: 'user', id, label: before.email },
      aboutUserId: id,
      changes: { is_active: { before: !active, after: active } },
    });
  });
}
