import { USERS_PAGE_SIZE } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { searchTerm } from '@coulisses/domain/rules/text-search';
import type { ListQuery, Page } from '@coulisses/domain/schemas/common';
import type { UserListItem } from '@coulisses/domain/schemas/users';
import { inTransaction, type AppContext } from '../../context.ts';
import type { AnswerEncoding } from '../../lib/answer-compression.ts';
import { toBool } from '../../lib/booleans.ts';
import { yesNo } from '../../lib/csv.ts';
import type { KeysetCsv } from '../../lib/csv-stream.ts';
import { JsonBytes } from '../../lib/json-bytes.ts';
import { decodeCursor, toPage } from '../../lib/keyset.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { closeAllSessionsOf } from '../auth/sessions.service.ts';
import { recordChange, type Actor } from '../journal/journal.service.ts';
import {
  findUser,
  findUserEmail,
  listUsersByEmail,
  updateCommentsMuted,
  writtenUsersPage,
  type UserRow,
} from './subscribers.repository.ts';

/**
 * The subscribers list: by e-mail, 500 a page (the original stopped at 500), searched by e-mail.
 * On SQLite the page comes written, and compressed with `encoding`, off the event loop.
 */
export async function listSubscribers(
  { db }: AppContext,
  query: ListQuery,
  encoding?: AnswerEncoding,
): Promise<Page<UserListItem> | JsonBytes> {
  const filter = { search: searchTerm(query.q), afterEmail: decodeCursor(query.after, 1)?.[0] };
  const written = await writtenUsersPage(db, filter, USERS_PAGE_SIZE, encoding);
  if (written) return new JsonBytes(written.answer, written.encoding);
  const rows = await listUsersByEmail(db, { ...filter, limit: USERS_PAGE_SIZE + 1 });
  return toPage(rows, USERS_PAGE_SIZE, (row) => [row.email], toListItem);
}

export function toListItem(row: UserRow): UserListItem {
  return {
    id: row.id,
    email: row.email,
    pseudonym: row.pseudonym || null,
    is_creator: toBool(row.is_creator),
    is_superadmin: toBool(row.is_superadmin),
    comments_muted: toBool(row.comments_muted),
  };
}

/** The subscribers export: every subscriber the list finds for `q`, in the same order. */
export function subscribersCsv({ db }: AppContext, query: { q?: string }): KeysetCsv<UserRow> {
  const search = searchTerm(query.q);
  return {
    header: ['E-mail', 'Créateur', 'Superadmin'],
    readPage: (afterEmail, limit) => listUsersByEmail(db, { search, afterEmail, limit }),
    cursorOf: (row) => row.email,
    cellsOf: (row) => [row.email, yesNo(toBool(row.is_creator)), yesNo(toBool(row.is_superadmin))],
  };
}

/**
 * Signs a user out everywhere, for a lost phone: every back-office session and every app token
 * ends, and the next request of each device gets 401.
 */
export async function endSessionsOf(context: AppContext, actor: Actor, userId: string): Promise<void> {
  await inTransaction(context, async (tx) => {
    const user = await findUserEmail(tx.db, userId);
    if (!user) throw new NotFoundError();
    await closeAllSessionsOf(tx, userId);
    await recordChange(tx, actor, {
      kind: 'sessions.ended',
      item: { type: 'user', id: userId, label: user.email },
      aboutUserId: userId,
    });
  });
}

/**
 * Mutes a subscriber (they can no longer comment; what they wrote stays as it is) or unmutes them.
 * Answers their row of the list; only a change is journalled.
 */
export async function setCommentsMuted(
  context: AppContext,
  actor: Actor,
  userId: string,
  muted: boolean,
): Promise<UserListItem> {
  return inTransaction(context, async (tx) => {
    if (!(await findUserEmail(tx.db, userId))) throw new NotFoundError(MESSAGES.userNotFound);
    const changed = await updateCommentsMuted(tx.db, userId, muted);
    const user = (await findUser(tx.db, userId))!;
    if (changed) {
      await recordChange(tx, actor, {
        kind: muted ? 'subscriber.muted' : 'subscriber.unmuted',
        item: { type: 'user', id: userId, label: user.email },
        aboutUserId: userId,
      });
    }
    return toListItem(user);
  });
}
