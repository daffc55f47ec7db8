import { nowOf, type AppContext } from '../../context.ts';
import { toBool } from '../../lib/booleans.ts';
import { newToken, sha256 } from '../../lib/ids.ts';
import type { ActiveSession, SessionKind } from '../../plugins/session-auth.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
} from './sessions.repository.ts';

/**
 * Opens a session and returns its token; only the token's hash is stored. It ends after the idle
 * time unless renewed, and never later than the absolute lifetime after `signedInAt`, which a
 * renewal carries over from the session it replaces.
 */
export async function openSession(
  context: AppContext,
  userId: string,
  kind: SessionKind,
  signedInAt = nowOf(context),
) {
  const { db, config } = context;
  const now = nowOf(context);
  const token = newToken();
  const expiresAt = Math.min(now + config.sessionIdleMs, signedInAt + config.sessionMaxAgeMs);
  await insertSession(db, {
    id_hash: sha256(token),
    user_id: userId,
    kind,
    created_at: now,
    signed_in_at: signedInAt,
    expires_at: expiresAt,
  });
  if (Math.random() < 0.05) await deleteExpiredSessions(db, now);
  return { token, expiresAt };
}

/** The live session behind a token, or null when unknown or expired (an expired one is removed). */
export async function resolveSession(context: AppContext, token: string): Promise<ActiveSession | null> {
  const idHash = sha256(token);
  const row = await findSessionWithUser(context.db, idHash);
  if (!row) return null;
  if (Number(row.expires_at) <= nowOf(context)) {
    await deleteSession(context.db, idHash);
    return null;
  }
  return {
    token,
    kind: row.kind as SessionKind,
    signedInAt: Number(row.signed_in_at),
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

/**
 * Ends every session of a user, on every device: what a new password must do. `exceptToken` keeps
 * the one the user is changing it from.
 */
export async function closeAllSessionsOf(
  { db }: AppContext,
  userId: string,
  exceptToken?: string,
): Promise<void> {
  await deleteSessionsOfUser(db, userId, exceptToken === undefined ? undefined : sha256(exceptToken));
}
