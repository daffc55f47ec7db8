import type { SessionUser } from '@coulisses/domain/schemas/auth';
import type { Database } from '../../db/database.ts';
import { toBool } from '../../lib/booleans.ts';
import { newToken, sha256 } from '../../lib/ids.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findSessionWithUser,
  insertSession,
} from './sessions.repository.ts';

export type SessionKind = 'web' | 'app';

export interface ActiveSession {
  token: string;
  kind: SessionKind;
  expiresAt: number;
  user: SessionUser;
}

/** Opens a session and returns its token; only the token's hash is stored. */
export async function openSession(db: Database, userId: string, kind: SessionKind, ttlMs: number) {
  const token = newToken();
  const expiresAt = Date.now() + ttlMs;
  await insertSession(db, { id_hash: sha256(token), user_id: userId, kind, expires_at: expiresAt });
  if (Math.random() < 0.05) await deleteExpiredSessions(db, Date.now());
  return { token, expiresAt };
}

/** The live session behind a token, or null when unknown or expired (an expired one is removed). */
export async function resolveSession(db: Database, token: string): Promise<ActiveSession | null> {
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

export async function closeSession(db: Database, token: string): Promise<void> {
  await deleteSession(db, sha256(token));
}
