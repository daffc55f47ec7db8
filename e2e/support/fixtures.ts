import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { E2E_ADMIN, E2E_STATE_ENV } from './environment.ts';
import { withDatabase } from './server-state.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestUser {
  email: string;
  password: string;
}

export const admin: TestUser = E2E_ADMIN;

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** Creates an account through the real CLI, on the running server's data folder. */
export async function createUser(
  options: { prefix?: string; creator?: boolean; superadmin?: boolean } = {},
): Promise<TestUser> {
  const user = { email: uniqueEmail(options.prefix ?? 'creator'), password: `pw-${randomUUID()}` };
  const flags = [options.creator !== false && '--creator', options.superadmin && '--superadmin'].filter(
    (flag): flag is string => !!flag,
  );
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/server/src/cli/main.ts',
      'user',
      'add',
      user.email,
      '--password',
      user.password,
      ...flags,
    ],
    { cwd: repoRoot, env: { ...process.env, ...E2E_STATE_ENV } },
  );
  return user;
}

/** Signs in through the API; the browser context keeps the session cookie. */
export async function signIn(context: BrowserContext, user: TestUser): Promise<void> {
  const response = await context.request.post('/api/auth/login', { data: user });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the login form, as a person does. */
export async function signInWithForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Connexion' }).click();
}

/** The id of the account with this e-mail. */
export async function userIdOf(email: string): Promise<string> {
  const row = await withDatabase((db) =>
    db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A short unique tag, so tests running side by side never see each other's rows. */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

/** Adds a video or discount category straight in the database; returns its id. */
export async function seedCategory(kind: 'video' | 'discount', name: string): Promise<string> {
  const id = randomUUID();
  await withDatabase((db) =>
    db
      .insertInto(kind === 'video' ? 'video_categories' : 'discount_categories')
      .values({ id, name, name_key: searchKey(name), created_at: Date.now() })
      .execute(),
  );
  return id;
}
