import type { AppContext } from '../../context.ts';
import { toBool } from '../../lib/booleans.ts';
import { newToken, sha256 } from '../../lib/ids.ts';
import type { ActiveSession, SessionKind } from '../../plugins/session-auth.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
} from './sessions.repository.ts';

/** Opens a session and returns its token; only the token's hash is stored. */
export async function openSession({ db, config }: AppContext, userId: string, kind: SessionKind) {
  const token = newToken();
  const expiresAt = Date.now() + config.sessionTtlMs;
  await insertSession(db, { id_hash: sha256(token), user_id: userId, kind, expires_at: expiresAt });
  if (Math.random() < 0.05) await deleteExpiredSessions(db, Date.now());
  return { token, expiresAt };
}

/** The live session behind a token, or null when unknown or expired (an expired one is removed). */
export async function resolveSession({ db }: AppContext, token: string): Promise<ActiveSession | null> {
  const idHash = sha256(token);
  const row = await findSessionWithUser(db, idHash);
  if (!row) return null;
  if (Number(row.expires_at) <= Date.now()) {
    await deleteSession(db, idHash);
    return null;
  }
  return {
    token,
    kind: row.kind as SessionKind,
    expiresAt: Number(row.expires_at),
    user: {
      id: row.id,
      email: row.email,
      is_creator: toBool(row.is_creator),
      is_superadmin: toBool(row.is_superadmin),
      creator:
        row.is_live === null || row.is_active === null
          ? null
          : { is_live: toBool(row.is_live), is_active: toBool(row.is_active) },
    },
  };
}

export async function closeSession({ db }: AppContext, token: string): Promise<void> {
  await deleteSession(db, sha256(token));
}
