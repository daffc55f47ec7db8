import { EmailSchema } from '@coulisses/domain/schemas/common';
import { createAccount } from '../src/modules/creators/creators.service.ts';
import type { TestApp } from './build-test-app.ts';

export const TEST_PASSWORD = 'motdepasse-solide';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Date.now()}@exemple.fr`;
}

export interface SignedIn {
  id: string;
  email: string;
  /** The Cookie header value to send with app.inject. */
  cookie: string;
}

/** Creates a user (a creator by default) straight in the database, e-mail read as the API reads it. */
export async function makeUser(
  t: TestApp,
  options: { email?: string; creator?: boolean; superadmin?: boolean; password?: string } = {},
) {
  return createAccount(t, {
    email: EmailSchema.parse(options.email ?? uniqueEmail(options.superadmin ? 'admin' : 'creator')),
    password: options.password ?? TEST_PASSWORD,
    creator: options.creator ?? true,
    superadmin: options.superadmin ?? false,
  });
}

/** Signs in through the real API and returns the session cookie. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'coulisses_session');
  if (!cookie) throw new Error('no session cookie');
  return `coulisses_session=${cookie.value}`;
}

export async function makeSignedIn(
  t: TestApp,
  options: { creator?: boolean; superadmin?: boolean } = {},
): Promise<SignedIn> {
  const user = await makeUser(t, { ...options, creator: options.creator ?? true });
  return { ...user, cookie: await signIn(t, user.email) };
}

/** Makes a creator's page published, as the page-settings feature does. */
export async function publishPage(t: TestApp, creatorId: string, live = true) {
  await t.db
    .updateTable('creators')
    .set({ is_live: live ? 1 : 0 })
    .where('id', '=', creatorId)
    .execute();
}
