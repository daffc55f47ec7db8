import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { E2E_ADMIN, E2E_DATA_DIR } from './environment.ts';

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
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: E2E_DATA_DIR } },
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

/** Direct access to the server's database, for seeding large data sets quickly and checking state. */
export function openDatabase(): Database.Database {
  const db = new Database(path.join(E2E_DATA_DIR, 'coulisses.sqlite'));
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  return db;
}

export function userIdOf(email: string): string {
  const db = openDatabase();
  try {
    const row = db.prepare('select id from users where email = ?').get(email) as { id: string } | undefined;
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  } finally {
    db.close();
  }
}

/** A short unique tag, so tests running side by side never see each other's rows. */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

/** Adds a video or discount category straight in the database; returns its id. */
export function seedCategory(kind: 'video' | 'discount', name: string): string {
  const id = randomUUID();
  const db = openDatabase();
  try {
    db.prepare(`insert into ${kind}_categories (id, name, name_key, created_at) values (?, ?, ?, ?)`).run(
      id,
      name,
      searchKey(name),
      Date.now(),
    );
  } finally {
    db.close();
  }
  return id;
}
