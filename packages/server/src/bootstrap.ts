import { randomBytes } from 'node:crypto';
import type { AppContext } from './context.ts';
import { findAccountByEmail, superadminExists } from './modules/accounts/accounts.service.ts';
import { createAccount } from './modules/creators/creators.service.ts';

export const GENERATED_ADMIN_EMAIL = 'admin@coulisses.local';

/**
 * Makes sure someone can run the platform: the configured ADMIN_EMAIL account, or, when none is
 * configured and no superadmin exists yet, one with a generated password shown once.
 */
export async function ensureSuperadmin(context: AppContext, print: (line: string) => void) {
  const { adminEmail, adminPassword } = context.config;
  if (adminEmail && adminPassword) {
    if (await findAccountByEmail(context, adminEmail)) return;
    await createAccount(context, {
      email: adminEmail,
      password: adminPassword,
      creator: true,
      superadmin: true,
    });
    print(`Compte superadmin créé : ${adminEmail}`);
    return;
  }
  if (await superadminExists(context)) return;
  const password = randomBytes(12).toString('base64url');
  const email = (await findAccountByEmail(context, GENERATED_ADMIN_EMAIL))
    ? `admin-${randomBytes(3).toString('hex')}@coulisses.local`
    : GENERATED_ADMIN_EMAIL;
  await createAccount(context, { email, password, creator: true, superadmin: true });
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
