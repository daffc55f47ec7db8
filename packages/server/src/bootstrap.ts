import { randomBytes } from 'node:crypto';
import type { Config } from './config/env.ts';
import type { Database } from './db/database.ts';
import { anySuperadminExists, findUserByEmail } from './modules/users/users.repository.ts';
import { createUser } from './modules/users/users.service.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@coulisses.local';

/**
 * Makes sure someone can run the platform: the configured ADMIN_EMAIL account, or, when none is
 * configured and no superadmin exists yet, one with a generated password shown once.
 */
export async function ensureSuperadmin(db: Database, config: Config, print: (line: string) => void) {
  if (config.adminEmail && config.adminPassword) {
    if (await findUserByEmail(db, config.adminEmail)) return;
    await createUser(db, {
      email: config.adminEmail,
      password: config.adminPassword,
      creator: true,
      superadmin: true,
    });
    print(`Compte superadmin créé : ${config.adminEmail}`);
    return;
  }
  if (await anySuperadminExists(db)) return;
  const password = randomBytes(12).toString('base64url');
  const email = (await findUserByEmail(db, GENERATED_ADMIN_EMAIL))
    ? `admin-${randomBytes(3).toString('hex')}@coulisses.local`
    : GENERATED_ADMIN_EMAIL;
  await createUser(db, { email, password, creator: true, superadmin: true });
  print(
    [
      '',
      'Premier démarrage : un compte superadmin a été créé. Note ce mot de passe, il ne sera plus affiché.',
      `  e-mail       : ${email}`,
      `  mot de passe : ${password}`,
      '',
    ].join('\n'),
  );
}
