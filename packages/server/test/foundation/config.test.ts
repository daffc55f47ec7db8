import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cwd = '/srv/coulisses';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe(loadConfig.name, () => {
  it('starts with safe defaults when nothing is set', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/coulisses/data',
      adminEmail: undefined,
      adminPassword: undefined,
      sessionTtlMs: 720 * 60_000,
      trustProxy: false,
      appStoreUrl: 'https://apps.apple.com/fr/',
      webDistDir: path.join(repoRoot, 'packages/web/dist'),
      logLevel: 'info',
      signInPerMinute: 30,
      uploadConcurrency: 3,
      uploadsPerUser: 2,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/data',
        ADMIN_EMAIL: '  Chef@Exemple.FR ',
        ADMIN_PASSWORD: 'un-mot-de-passe',
        SESSION_TTL_MINUTES: '60',
        TRUST_PROXY: 'true',
        APP_STORE_URL: 'https://apps.apple.com/fr/app/coulisses/id42',
        WEB_DIST_DIR: '/tmp/web',
        LOG_LEVEL: 'warn',
        SIGN_IN_RATE_LIMIT: '500',
        UPLOAD_CONCURRENCY: '8',
        UPLOADS_PER_USER: '3',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/coulisses/var/data',
      adminEmail: 'chef@exemple.fr',
      adminPassword: 'un-mot-de-passe',
      sessionTtlMs: 60 * 60_000,
      trustProxy: true,
      appStoreUrl: 'https://apps.apple.com/fr/app/coulisses/id42',
      webDistDir: '/tmp/web',
      logLevel: 'warn',
      signInPerMinute: 500,
      uploadConcurrency: 8,
      uploadsPerUser: 3,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', TRUST_PROXY: '', LOG_LEVEL: '', APP_STORE_URL: '' }, cwd)).toMatchObject({
      port: 3000,
      trustProxy: false,
      logLevel: 'info',
      appStoreUrl: 'https://apps.apple.com/fr/',
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['HOST', { HOST: 'mauvais hôte' }],
    ['SESSION_TTL_MINUTES', { SESSION_TTL_MINUTES: '5' }],
    ['SESSION_TTL_MINUTES', { SESSION_TTL_MINUTES: 'toujours' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'peut-être' }],
    ['APP_STORE_URL', { APP_STORE_URL: 'pas une url' }],
    ['APP_STORE_URL', { APP_STORE_URL: 'javascript:alert(1)' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['SIGN_IN_RATE_LIMIT', { SIGN_IN_RATE_LIMIT: '0' }],
    ['UPLOAD_CONCURRENCY', { UPLOAD_CONCURRENCY: '0' }],
    ['UPLOADS_PER_USER', { UPLOADS_PER_USER: 'deux' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'pas-un-email', ADMIN_PASSWORD: 'un-mot-de-passe' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'chef@exemple.fr', ADMIN_PASSWORD: 'court' }],
  ])('stops on a bad %s with one French line naming it (%j)', (name, env) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/ doit | n'est pas | vont ensemble/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    for (const env of [{ ADMIN_EMAIL: 'chef@exemple.fr' }, { ADMIN_PASSWORD: 'un-mot-de-passe' }]) {
      expect(configError(env).message).toBe(
        'ADMIN_EMAIL et ADMIN_PASSWORD vont ensemble : définis les deux, ou aucun.',
      );
    }
  });
});

describe('server start with a bad variable', () => {
  it('exits with one line on stderr saying which variable and why', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'abc', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'Configuration invalide : PORT doit être un entier entre 0 et 65535 (reçu : "abc").',
    ]);
  });
});
