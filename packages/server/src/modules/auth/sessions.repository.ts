import type { Insertable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/database.ts';
import type { SessionsTable } from '../../db/types.ts';

export async function insertSession(db: Database, session: Insertable<SessionsTable>) {
  await db.insertInto('sessions').values(session).execute();
}

const sessionWithUser = compiledOnce((db, { idHash }: { idHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('creators', 'creators.id', 'users.id')
    .select([
      'sessions.id_hash',
      'sessions.kind',
      'sessions.signed_in_at',
      'sessions.expires_at',
      'users.id',
      'users.email',
      'users.is_creator',
      'users.is_superadmin',
      'creators.is_live',
      'creators.is_active',
    ])
    .where('sessions.id_hash', '=', idHash),
);

/** The session and its user's roles, in one read: every authenticated request does it. */
export async function findSessionWithUser(db: Database, idHash: string) {
  const [row] = await sessionWithUser(db, { idHash });
  return row;
}

export async function deleteSession(db: Database, idHash: string) {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteExpiredSessions(db: Database, now: number) {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function deleteSessionsOfUser(db: Database, userId: string, exceptIdHash?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptIdHash !== undefined) query = query.where('id_hash', '!=', exceptIdHash);
  await query.execute();
}
