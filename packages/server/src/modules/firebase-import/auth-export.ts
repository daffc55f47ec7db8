import { quoted } from '@coulisses/domain/rules/quoted';
import type { FirebaseHashConfig } from '../../lib/firebase-scrypt.ts';
import { FirebaseImportError } from './firestore-export.ts';

/** One user of `firebase auth:export users.json --format=json`. */
export interface AuthUser {
  localId: string;
  email?: string;
  passwordHash?: string;
  salt?: string;
  createdAt?: number;
  disabled: boolean;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Reads the users of a Firebase Auth export; a user without `localId` cannot be matched and is dropped. */
export function readAuthExport(content: string): AuthUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new FirebaseImportError('Le fichier des comptes Firebase n’est pas du JSON valide.');
  }
  const users = (parsed as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) {
    throw new FirebaseImportError(
      `Le fichier des comptes Firebase doit contenir une liste ${quoted('users')}.`,
    );
  }
  return users.flatMap((raw: Record<string, unknown>) => {
    const localId = text(raw?.localId);
    if (!localId) return [];
    const createdAt = Number(raw.createdAt);
    return [
      {
        localId,
        email: text(raw.email),
        passwordHash: text(raw.passwordHash),
        salt: text(raw.salt),
        createdAt: Number.isFinite(createdAt) && createdAt > 0 ? createdAt : undefined,
        disabled: raw.disabled === true,
      },
    ];
  });
}

/**
 * Reads the project's password-hash parameters, as JSON (`{ "base64_signer_key": … }`) or as the
 * `hash_config { … }` block the Firebase console shows, pasted as it is.
 */
export function readHashConfig(content: string): FirebaseHashConfig {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(content) as Record<string, unknown>;
  } catch {
    fields = Object.fromEntries(
      [...content.matchAll(/(\w+)\s*:\s*([^,\n]+)/g)].map((match) => [match[1] ?? '', match[2]?.trim()]),
    );
  }
  const signerKey = text(fields.base64_signer_key);
  const saltSeparator =
    typeof fields.base64_salt_separator === 'string' ? fields.base64_salt_separator : undefined;
  const rounds = Number(fields.rounds);
  const memCost = Number(fields.mem_cost);
  if (
    !signerKey ||
    saltSeparator === undefined ||
    !Number.isInteger(rounds) ||
    rounds < 1 ||
    rounds > 8 ||
    !Number.isInteger(memCost) ||
    memCost < 1 ||
    memCost > 14
  ) {
    throw new FirebaseImportError(
      'Les paramètres de hachage doivent donner base64_signer_key, base64_salt_separator, rounds (1 à 8) et mem_cost (1 à 14), comme la console Firebase les affiche.',
    );
  }
  return {
    signerKey: Buffer.from(signerKey, 'base64'),
    saltSeparator: Buffer.from(saltSeparator, 'base64'),
    rounds,
    memCost,
  };
}
