import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATED_ADMIN_EMAIL, ensureSuperadmin } from '../../src/bootstrap.ts';
import { loadConfig } from '../../src/config/env.ts';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { makeUser, signIn } from '../factories.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Runs the start-up step as the server does, collecting what it prints. */
async function start(env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const config = loadConfig({ DATA_DIR: t.dataDir, ...env });
  await ensureSuperadmin({ ...t, config }, (line) => lines.push(line));
  return lines.join('\n');
}

function users() {
  return t.db.selectFrom('users').select(['email', 'is_creator', 'is_superadmin']).orderBy('email').execute();
}

function creatorOf(email: string) {
  return t.db
    .selectFrom('creators as c')
    .innerJoin('users as u', 'u.id', 'c.id')
    .select(['c.is_active', 'c.is_live', 'c.email'])
    .where('u.email', '=', email)
    .executeTakeFirst();
}

const ADMIN = { ADMIN_EMAIL: ' Chef@Exemple.FR ', ADMIN_PASSWORD: 'mot-de-passe-du-chef' };

describe('first start with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates that superadmin, also a creator with an active unpublished page', async () => {
    const printed = await start(ADMIN);
    expect(await users()).toEqual([{ email: 'chef@exemple.fr', is_creator: 1, is_superadmin: 1 }]);
    expect(await creatorOf('chef@exemple.fr')).toEqual({
      is_active: 1,
      is_live: 0,
      email: 'chef@exemple.fr',
    });
    expect(printed).toContain('chef@exemple.fr');
    expect(printed).not.toContain(ADMIN.ADMIN_PASSWORD);
    expect(await signIn(t, 'chef@exemple.fr', ADMIN.ADMIN_PASSWORD)).toMatch(/^coulisses_session=/);
  });

  it('creates nothing on the next start', async () => {
    await start(ADMIN);
    expect(await start(ADMIN)).toBe('');
    expect(await users()).toHaveLength(1);
  });

  it('leaves an existing account with that e-mail as it is, password included', async () => {
    await makeUser(t, { email: 'chef@exemple.fr', creator: false, password: 'ancien-mot-de-passe' });
    expect(await start(ADMIN)).toBe('');
    expect(await users()).toEqual([{ email: 'chef@exemple.fr', is_creator: 0, is_superadmin: 0 }]);
  });

  it('creates it even when another superadmin already exists', async () => {
    await makeUser(t, { email: 'autre@exemple.fr', superadmin: true });
    await start(ADMIN);
    expect((await users()).map((user) => user.email)).toEqual(['autre@exemple.fr', 'chef@exemple.fr']);
  });
});

describe('first start with no ADMIN_* and no superadmin', () => {
  it('creates a superadmin with a generated password, printed once', async () => {
    const printed = await start();
    const password = /mot de passe : (\S+)/.exec(printed)?.[1];
    expect(printed).toContain(GENERATED_ADMIN_EMAIL);
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect(await users()).toEqual([{ email: GENERATED_ADMIN_EMAIL, is_creator: 1, is_superadmin: 1 }]);
    expect(await creatorOf(GENERATED_ADMIN_EMAIL)).toMatchObject({ is_active: 1, is_live: 0 });
    expect(await signIn(t, GENERATED_ADMIN_EMAIL, password)).toMatch(/^coulisses_session=/);

    expect(await start()).toBe('');
    expect(await users()).toHaveLength(1);
  });

  it('generates a different password on each fresh data folder', async () => {
    const first = await start();
    await t.close();
    t = await buildTestApp();
    const second = await start();
    expect(/mot de passe : (\S+)/.exec(first)?.[1]).not.toBe(/mot de passe : (\S+)/.exec(second)?.[1]);
  });

  it('picks another e-mail when admin@coulisses.local is taken by a non-superadmin', async () => {
    await makeUser(t, { email: GENERATED_ADMIN_EMAIL, creator: false });
    const printed = await start();
    const email = /e-mail\s+: (\S+)/.exec(printed)?.[1];
    expect(email).toMatch(/^admin-[0-9a-f]{6}@coulisses\.local$/);
    expect((await users()).find((user) => user.email === email)).toMatchObject({ is_superadmin: 1 });
  });

  it('creates nothing when a superadmin already exists', async () => {
    await makeUser(t, { email: 'patron@exemple.fr', superadmin: true });
    expect(await start()).toBe('');
    expect(await users()).toHaveLength(1);
  });
});
