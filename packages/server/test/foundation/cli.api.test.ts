import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@coulisses/domain/messages';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { signIn, uniqueEmail } from '../factories.ts';

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

// The server runs on this data folder the whole time: the CLI must work beside it.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs the CLI with `input` piped on its standard input (closed at once without). */
async function cliWithInput(input: string, ...args: string[]) {
  try {
    const running = execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'packages/server/src/cli/main.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: t.dataDir, ...t.env }, timeout: 30_000 },
    );
    running.child.stdin!.end(input);
    const { stdout, stderr } = await running;
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() };
  }
}

const cli = (...args: string[]) => cliWithInput('', ...args);

function userRow(email: string) {
  return t.db
    .selectFrom('users as u')
    .leftJoin('creators as c', 'c.id', 'u.id')
    .select(['u.is_creator', 'u.is_superadmin', 'c.is_active', 'c.is_live'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

function expectOneLineFailure(result: { code: number; stdout: string; stderr: string }, text: string) {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toEqual([text]);
}

describe('user add', () => {
  it('adds a plain account, stored trimmed and lowercased', async () => {
    const email = uniqueEmail('membre');
    const result = await cli('user', 'add', `  ${email.toUpperCase()} `, '--password', 'mot-de-passe');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Utilisateur créé : ${email} \\([\\w-]+\\)\\.$`));
    expect(await userRow(email)).toEqual({ is_creator: 0, is_superadmin: 0, is_active: null, is_live: null });
  });

  it('with --creator, does what "add creator" does: an active, unpublished page', async () => {
    const email = uniqueEmail('createur');
    const result = await cli('user', 'add', email, '--password', 'mot-de-passe', '--creator');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/, créateur\.$/);
    expect(await userRow(email)).toEqual({ is_creator: 1, is_superadmin: 0, is_active: 1, is_live: 0 });
    expect(await signIn(t, email, 'mot-de-passe')).toMatch(/^coulisses_session=/);
  });

  it('with --superadmin, and with both flags', async () => {
    const admin = uniqueEmail('admin');
    expect((await cli('user', 'add', admin, '--password', 'mot-de-passe', '--superadmin')).code).toBe(0);
    expect(await userRow(admin)).toEqual({ is_creator: 0, is_superadmin: 1, is_active: null, is_live: null });

    const both = uniqueEmail('chef');
    const result = await cli('user', 'add', both, '--password', 'mot-de-passe', '--creator', '--superadmin');
    expect(result.stdout).toMatch(/, créateur et superadmin\.$/);
    expect(await userRow(both)).toEqual({ is_creator: 1, is_superadmin: 1, is_active: 1, is_live: 0 });
  });

  it('refuses a duplicate e-mail with one line, whatever its case', async () => {
    const email = uniqueEmail('double');
    await cli('user', 'add', email, '--password', 'mot-de-passe');
    const result = await cli(
      'user',
      'add',
      email.toUpperCase(),
      '--password',
      'autre-mot-de-passe',
      '--creator',
    );
    expectOneLineFailure(result, `Un compte existe déjà avec l'e-mail ${email}.`);
    expect(await userRow(email)).toMatchObject({ is_creator: 0 });
  });

  it('refuses a bad e-mail with one line', async () => {
    expectOneLineFailure(
      await cli('user', 'add', 'pas-un-email', '--password', 'mot-de-passe'),
      'Adresse e-mail invalide.',
    );
  });

  it('refuses a password that is too short, with one line', async () => {
    const result = await cli('user', 'add', uniqueEmail('court'), '--password', 'court');
    expectOneLineFailure(result, 'Le mot de passe doit faire entre 8 et 128 caractères.');
  });

  it('reads the password from standard input without --password, so it stays out of the process list', async () => {
    const email = uniqueEmail('entree');
    const result = await cliWithInput(
      'mot-de-passe-lu\nligne suivante ignorée\n',
      'user',
      'add',
      email,
      '--creator',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Utilisateur créé : ${email} `));
    expect(await signIn(t, email, 'mot-de-passe-lu')).toMatch(/^coulisses_session=/);
  });

  it('refuses a missing password, and a short one read from standard input, creating no one', async () => {
    const email = uniqueEmail('sans');
    expectOneLineFailure(
      await cli('user', 'add', email),
      'Aucun mot de passe reçu : tape-le à l’invite, envoie-le sur l’entrée standard ou passe --password.',
    );
    expectOneLineFailure(
      await cliWithInput('court\n', 'user', 'add', email),
      'Le mot de passe doit faire entre 8 et 128 caractères.',
    );
    expect(await userRow(email)).toBeUndefined();
  });

  it('shows how to use it on an unknown command', async () => {
    const result = await cli('video', 'add', 'x@exemple.fr', '--password', 'mot-de-passe');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('npm run cli -- user add <email>');
  });
});

describe('user password', () => {
  it('resets a password: the new one signs in, the old one no longer does', async () => {
    const email = uniqueEmail('oubli');
    await cli('user', 'add', email, '--password', 'ancien-mot-de-passe', '--creator');
    const result = await cli('user', 'password', email.toUpperCase(), '--password', 'nouveau-mot-de-passe');
    expect(result).toEqual({ code: 0, stdout: `Mot de passe mis à jour pour ${email}.`, stderr: '' });

    expect(await signIn(t, email, 'nouveau-mot-de-passe')).toMatch(/^coulisses_session=/);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'ancien-mot-de-passe' },
    });
    expect(old.statusCode).toBe(401);
  });

  it('resets a password read from standard input', async () => {
    const email = uniqueEmail('oubli-entree');
    await cli('user', 'add', email, '--password', 'ancien-mot-de-passe', '--creator');
    const result = await cliWithInput('nouveau-mot-lu\n', 'user', 'password', email);
    expect(result).toEqual({ code: 0, stdout: `Mot de passe mis à jour pour ${email}.`, stderr: '' });
    expect(await signIn(t, email, 'nouveau-mot-lu')).toMatch(/^coulisses_session=/);
  });

  it('says so when nobody has that e-mail', async () => {
    const result = await cli('user', 'password', uniqueEmail('personne'), '--password', 'mot-de-passe');
    expectOneLineFailure(result, MESSAGES.userNotFound);
  });

  it('refuses a password that is too short', async () => {
    const email = uniqueEmail('court');
    await cli('user', 'add', email, '--password', 'mot-de-passe');
    const result = await cli('user', 'password', email, '--password', 'court');
    expectOneLineFailure(result, 'Le mot de passe doit faire entre 8 et 128 caractères.');
  });
});
