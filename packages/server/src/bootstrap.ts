import { randomBytes } from 'node:crypto';
import type { AppContext } from './context.ts';
import { findAccountByEmail, superadminExists } from './modules/accounts/accounts.service.ts';
import { ConflictError } from './lib/errors.ts';
import { createAccount } from './modules/creators/creators.service.ts';

/**
 * Creates the account, or does nothing when another process starting at the same time on the same
 * database created it first (several processes behind a load balancer start together).
 */
async function createUnlessRaced(context: AppContext, account: Parameters<typeof createAccount>[1]) {
  try {
    await createAccount(context, account);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

export const GENERATED_ADMIN_EMAIL = 'admin@coulisses.local';

/**
 * Makes sure someone can run the platform: the configured ADMIN_EMAIL account, or, when none is
 * configured and no superadmin exists yet, one with a generated password shown once.
 */
export async function ensureSuperadmin(context: AppContext, print: (line: string) => void) {
  const { adminEmail, adminPassword } = context.config;
  if (adminEmail && adminPassword) {
    if (await findAccountByEmail(context, adminEmail)) return;
    const account = { email: adminEmail, password: adminPassword, creator: true, superadmin: true };
    if (await createUnlessRaced(context, account)) print(`Compte superadmin créé : ${adminEmail}`);
    return;
  }
  if (await superadminExists(context)) return;
  const password = randomBytes(12).toString('base64url');
  const email = (await findAccountByEmail(context, GENERATED_ADMIN_EMAIL))
    ? `admin-${randomBytes(3).toString('hex')}@coulisses.local`
    : GENERATED_ADMIN_EMAIL;
  if (!(await createUnlessRaced(context, { email, password, creator: true, superadmin: true }))) return;
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
