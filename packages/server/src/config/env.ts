import net from 'node:net';
import path from 'node:path';
import { isAssistantHostPattern } from '@coulisses/domain/rules/assistant-script';
import { ConfigError } from './config-error.ts';
import { databaseConfig, type DatabaseConfig } from './database-env.ts';
import { loadStorageConfig, type StorageConfig } from './storage-env.ts';

export { ConfigError };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite in dataDir unless DATABASE_URL names a PostgreSQL database. */
  database: DatabaseConfig;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** How long a session lives without being renewed (sign-in and renewal restart it). */
  sessionIdleMs: number;
  /** How long a session lives at most from its sign-in, renewals included. */
  sessionMaxAgeMs: number;
  /**
   * The proxies whose X-Forwarded-* entries are believed (addresses, CIDRs or proxy-addr's range
   * names), or none. Never "every hop", which lets a client name its own address.
   */
  trustProxy: false | string[];
  /** The origin clients reach us at; absolute URLs in answers are built from it, never from Host. */
  publicUrl: string;
  /** Strict-Transport-Security max-age, sent on answers served over HTTPS only. */
  hstsMaxAge: number;
  /** Whether Swagger UI is served at /api/docs (/api/openapi.json stays either way). */
  apiDocs: boolean;
  /** Store link of the mobile app, for the landing page's download button. */
  appStoreUrl: string;
  /** Where the web build lives; the server serves it with a history fallback. */
  webDistDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Sign-in and sign-up attempts allowed per client address and minute. */
  signInPerMinute: number;
  /** Hosts an assistant script may load from; `*.host` admits the host's subdomains. */
  assistantScriptHosts: string[];
  /** Multipart uploads the process handles at once; beyond, 503. */
  uploadConcurrency: number;
  /** Multipart uploads one user may have running at once; beyond, 429. */
  uploadsPerUser: number;
  storage: StorageConfig;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Without LOG_LEVEL: a line per answered request (lib/request-log.ts). */
export const DEFAULT_LOG_LEVEL: Config['logLevel'] = 'info';

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} doit être un entier entre ${min} et ${max} (reçu : "${raw}").`);
  }
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} doit valoir true ou false (reçu : "${raw}").`);
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} doit être une URL http(s) (reçu : "${raw}").`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} doit être une URL http(s) (reçu : "${raw}").`);
  }
  return url.toString();
}

// Names proxy-addr (Fastify's trust list) understands for address ranges.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function proxyAddress(entry: string) {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function trustProxy(env: NodeJS.ProcessEnv): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  // Trusting every hop believes the first X-Forwarded-For entry, which the client writes itself;
  // a hop count cannot tell the proxy from a client that reached us directly (Fastify ignores it).
  if (['true', 'yes'].includes(raw.toLowerCase()) || /^\d+$/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY=${raw} laisserait le client choisir son adresse : donne l'adresse du proxy (derrière un seul proxy sur la même machine : TRUST_PROXY=loopback).`,
    );
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.every(proxyAddress)) return entries;
  throw new ConfigError(
    `TRUST_PROXY doit être false ou les adresses IP ou CIDR des proxys, séparées par des virgules (reçu : "${raw}").`,
  );
}

function isLoopback(host: string) {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function publicUrl(env: NodeJS.ProcessEnv, host: string, port: number, proxied: boolean) {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) {
    if (env.NODE_ENV === 'production' && (!isLoopback(host) || proxied)) {
      throw new ConfigError(
        'PUBLIC_URL doit être défini en production (par exemple https://coulisses.exemple.fr) : les liens des images en dépendent.',
      );
    }
    return `http://${net.isIPv6(host) ? `[${host}]` : host}:${port}`;
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    raw.endsWith('?') ||
    raw.endsWith('#')
  ) {
    throw new ConfigError(
      `PUBLIC_URL doit être une origine http(s) sans chemin ni paramètres, par exemple https://coulisses.exemple.fr (reçu : "${raw}").`,
    );
  }
  return url.origin;
}

/** The assistant provider, Le Bavard: its own site and its subdomains (CDN, widget). */
const DEFAULT_ASSISTANT_SCRIPT_HOSTS = ['lebavard.fr', '*.lebavard.fr'];

function hostList(env: NodeJS.ProcessEnv, name: string, fallback: string[]) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const hosts = raw.split(',').map((entry) => entry.trim().toLowerCase());
  const wrong = hosts.find((entry) => !isAssistantHostPattern(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `${name} doit lister des hôtes séparés par des virgules, comme lebavard.fr ou *.lebavard.fr (reçu : "${wrong}").`,
    );
  }
  return hosts;
}

/**
 * Where the user ran the command: npm runs workspace scripts inside the package folder, but
 * `DATA_DIR=./data` and file arguments mean the folder the user typed them in.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

// The same from the sources (src/config) and from the build (dist/server.mjs, packages/server/build.ts).
const REPOSITORY_ROOT = path.resolve(
  import.meta.dirname,
  import.meta.url.endsWith('.ts') ? '../../../..' : '../../..',
);

/** Reads and validates the configuration once, at start; throws ConfigError on the first bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = invocationDir(env)): Config {
  const host = env.HOST?.trim() || '127.0.0.1';
  if (!/^[\w.:-]+$/.test(host)) {
    throw new ConfigError(`HOST doit être un nom d'hôte ou une adresse IP (reçu : "${host}").`);
  }
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase() || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!!adminEmail !== !!adminPassword) {
    throw new ConfigError('ADMIN_EMAIL et ADMIN_PASSWORD vont ensemble : définis les deux, ou aucun.');
  }
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`ADMIN_EMAIL n'est pas une adresse e-mail valide (reçu : "${adminEmail}").`);
  }
  if (adminPassword && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigError('ADMIN_PASSWORD doit faire entre 8 et 128 caractères.');
  }
  if (env.SESSION_TTL_MINUTES) {
    throw new ConfigError(
      "SESSION_TTL_MINUTES s'appelle désormais SESSION_IDLE_MINUTES : renomme la variable.",
    );
  }
  const logLevel = (env.LOG_LEVEL?.trim() || DEFAULT_LOG_LEVEL) as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL doit être l'un de ${LOG_LEVELS.join(', ')} (reçu : "${logLevel}").`);
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const proxies = trustProxy(env);
  return {
    port,
    host,
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    database: databaseConfig(env),
    adminEmail,
    adminPassword,
    sessionIdleMs: integer(env, 'SESSION_IDLE_MINUTES', 12 * 60, 10, 60 * 24 * 30) * 60 * 1000,
    sessionMaxAgeMs: integer(env, 'SESSION_MAX_AGE_DAYS', 30, 1, 365) * 24 * 60 * 60 * 1000,
    trustProxy: proxies,
    publicUrl: publicUrl(env, host, port, proxies !== false),
    hstsMaxAge: integer(env, 'HSTS_MAX_AGE', 15_552_000, 0, 63_072_000),
    apiDocs: boolean(env, 'API_DOCS', true),
    appStoreUrl: httpUrl(env, 'APP_STORE_URL', 'https://apps.apple.com/fr/'),
    webDistDir: path.resolve(
      cwd,
      env.WEB_DIST_DIR?.trim() || path.join(REPOSITORY_ROOT, 'packages/web/dist'),
    ),
    logLevel,
    signInPerMinute: integer(env, 'SIGN_IN_RATE_LIMIT', 30, 1, 100_000),
    assistantScriptHosts: hostList(env, 'ASSISTANT_SCRIPT_HOSTS', DEFAULT_ASSISTANT_SCRIPT_HOSTS),
    // Measured with `npm run bench -- uploads`: 3 at once keeps the process under 300 MB, 4 does not.
    uploadConcurrency: integer(env, 'UPLOAD_CONCURRENCY', 3, 1, 64),
    uploadsPerUser: integer(env, 'UPLOADS_PER_USER', 2, 1, 64),
    storage: loadStorageConfig(env),
  };
}
