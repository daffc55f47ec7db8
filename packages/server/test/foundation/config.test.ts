import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_THREADS } from '../../src/config/database-env.ts';
import { loadConfig } from '../../src/config/env.ts';
import { configError } from './config-error.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cwd = '/srv/coulisses';

describe(loadConfig.name, () => {
  it('starts with safe defaults when nothing is set', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/coulisses/data',
      database: { kind: 'sqlite', readThreads: DEFAULT_READ_THREADS },
      adminEmail: undefined,
      adminPassword: undefined,
      sessionIdleMs: 720 * 60_000,
      sessionMaxAgeMs: 30 * 24 * 60 * 60_000,
      trustProxy: false,
      publicUrl: 'http://127.0.0.1:3000',
      hstsMaxAge: 15_552_000,
      apiDocs: true,
      appStoreUrl: 'https://apps.apple.com/fr/',
      webDistDir: path.join(repoRoot, 'packages/web/dist'),
      logLevel: 'info',
      signInPerMinute: 30,
      assistantScriptHosts: ['lebavard.fr', '*.lebavard.fr'],
      uploadConcurrency: 3,
      uploadsPerUser: 2,
      storage: { kind: 'disk' },
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
        SESSION_IDLE_MINUTES: '60',
        SESSION_MAX_AGE_DAYS: '7',
        TRUST_PROXY: '10.0.0.2, 192.168.0.0/16',
        PUBLIC_URL: 'https://coulisses.exemple.fr/',
        HSTS_MAX_AGE: '31536000',
        API_DOCS: 'false',
        APP_STORE_URL: 'https://apps.apple.com/fr/app/coulisses/id42',
        WEB_DIST_DIR: '/tmp/web',
        LOG_LEVEL: 'warn',
        SIGN_IN_RATE_LIMIT: '500',
        ASSISTANT_SCRIPT_HOSTS: ' Widget.Exemple.fr, *.cdn.exemple.fr ',
        UPLOAD_CONCURRENCY: '8',
        UPLOADS_PER_USER: '3',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/coulisses/var/data',
      database: { kind: 'sqlite', readThreads: DEFAULT_READ_THREADS },
      adminEmail: 'chef@exemple.fr',
      adminPassword: 'un-mot-de-passe',
      sessionIdleMs: 60 * 60_000,
      sessionMaxAgeMs: 7 * 24 * 60 * 60_000,
      trustProxy: ['10.0.0.2', '192.168.0.0/16'],
      publicUrl: 'https://coulisses.exemple.fr',
      hstsMaxAge: 31_536_000,
      apiDocs: false,
      appStoreUrl: 'https://apps.apple.com/fr/app/coulisses/id42',
      webDistDir: '/tmp/web',
      logLevel: 'warn',
      signInPerMinute: 500,
      assistantScriptHosts: ['widget.exemple.fr', '*.cdn.exemple.fr'],
      uploadConcurrency: 8,
      uploadsPerUser: 3,
      storage: { kind: 'disk' },
    });
  });

  it('treats an empty variable as unset', () => {
    expect(
      loadConfig(
        {
          PORT: '',
          TRUST_PROXY: '',
          PUBLIC_URL: '',
          HSTS_MAX_AGE: '',
          API_DOCS: '',
          LOG_LEVEL: '',
          APP_STORE_URL: '',
          ASSISTANT_SCRIPT_HOSTS: ' ',
        },
        cwd,
      ),
    ).toMatchObject({
      port: 3000,
      trustProxy: false,
      publicUrl: 'http://127.0.0.1:3000',
      hstsMaxAge: 15_552_000,
      apiDocs: true,
      logLevel: 'info',
      appStoreUrl: 'https://apps.apple.com/fr/',
      assistantScriptHosts: ['lebavard.fr', '*.lebavard.fr'],
    });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['HOST', { HOST: 'mauvais hôte' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: '5' }],
    ['SESSION_IDLE_MINUTES', { SESSION_IDLE_MINUTES: 'toujours' }],
    ['SESSION_MAX_AGE_DAYS', { SESSION_MAX_AGE_DAYS: '0' }],
    ['SESSION_MAX_AGE_DAYS', { SESSION_MAX_AGE_DAYS: '366' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'peut-être' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.300' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, proxy.exemple.fr' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'coulisses.exemple.fr' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://coulisses.exemple.fr' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://coulisses.exemple.fr/app' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://coulisses.exemple.fr/?x=1' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://coulisses.exemple.fr/#haut' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://moi:secret@coulisses.exemple.fr' }],
    ['HSTS_MAX_AGE', { HSTS_MAX_AGE: '-1' }],
    ['HSTS_MAX_AGE', { HSTS_MAX_AGE: 'un an' }],
    ['API_DOCS', { API_DOCS: 'parfois' }],
    ['APP_STORE_URL', { APP_STORE_URL: 'pas une url' }],
    ['APP_STORE_URL', { APP_STORE_URL: 'javascript:alert(1)' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['SIGN_IN_RATE_LIMIT', { SIGN_IN_RATE_LIMIT: '0' }],
    ['ASSISTANT_SCRIPT_HOSTS', { ASSISTANT_SCRIPT_HOSTS: 'https://lebavard.fr' }],
    ['ASSISTANT_SCRIPT_HOSTS', { ASSISTANT_SCRIPT_HOSTS: 'lebavard.fr,,cdn.lebavard.fr' }],
    ['ASSISTANT_SCRIPT_HOSTS', { ASSISTANT_SCRIPT_HOSTS: '*' }],
    ['ASSISTANT_SCRIPT_HOSTS', { ASSISTANT_SCRIPT_HOSTS: 'lebavard.fr:443' }],
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

  it.each(['true', 'TRUE', 'yes', '1', '2'])(
    'refuses TRUST_PROXY=%s, which lets a client pick its own address, and says what to write',
    (value) => {
      const { message } = configError({ TRUST_PROXY: value });
      expect(message).toContain('TRUST_PROXY=loopback');
      expect(message).not.toContain('\n');
    },
  );

  it('accepts proxy addresses, CIDRs and range names in TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback' }, cwd).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8, 172.16.0.0/12' }, cwd).trustProxy).toEqual([
      '::1',
      'fd00::/8',
      '172.16.0.0/12',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }, cwd).trustProxy).toBe(false);
  });

  it('defaults PUBLIC_URL to the address it listens on, outside production', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }, cwd).publicUrl).toBe('http://0.0.0.0:8080');
    expect(loadConfig({ HOST: '::1' }, cwd).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ NODE_ENV: 'production' }, cwd).publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('wants PUBLIC_URL in production when clients reach it through anything but loopback', () => {
    for (const env of [
      { NODE_ENV: 'production', HOST: '0.0.0.0' },
      { NODE_ENV: 'production', TRUST_PROXY: 'loopback' },
    ]) {
      expect(configError(env).message).toMatch(/^PUBLIC_URL doit être défini en production/);
      expect(loadConfig({ ...env, PUBLIC_URL: 'https://coulisses.exemple.fr' }, cwd).publicUrl).toBe(
        'https://coulisses.exemple.fr',
      );
    }
  });

  it('keeps the port of PUBLIC_URL and drops a default one', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://exemple.fr:8080' }, cwd).publicUrl).toBe(
      'http://exemple.fr:8080',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://exemple.fr:443/' }, cwd).publicUrl).toBe('https://exemple.fr');
  });

  it('stops on the former SESSION_TTL_MINUTES rather than ignore it, naming its new name', () => {
    expect(configError({ SESSION_TTL_MINUTES: '60' }).message).toBe(
      "SESSION_TTL_MINUTES s'appelle désormais SESSION_IDLE_MINUTES : renomme la variable.",
    );
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
