import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** How long a session lives without renewal. */
  sessionTtlMs: number;
  /** Whether X-Forwarded-* headers are believed (only behind a proxy you run). */
  trustProxy: boolean;
  /** Store link of the mobile app, for the landing page's download button. */
  appStoreUrl: string;
  /** Where the web build lives; the server serves it with a history fallback. */
  webDistDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Sign-in and sign-up attempts allowed per client address and minute. */
  signInPerMinute: number;
  /** Multipart uploads the process handles at once; beyond, 503. */
  uploadConcurrency: number;
  /** Multipart uploads one user may have running at once; beyond, 429. */
  uploadsPerUser: number;
}

/** A bad environment variable: the message names the variable and says why, on one line. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

/**
 * Where the user ran the command: npm runs workspace scripts inside the package folder, but
 * `DATA_DIR=./data` and file arguments mean the folder the user typed them in.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

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
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL doit être l'un de ${LOG_LEVELS.join(', ')} (reçu : "${logLevel}").`);
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    adminEmail,
    adminPassword,
    sessionTtlMs: integer(env, 'SESSION_TTL_MINUTES', 12 * 60, 10, 60 * 24 * 30) * 60 * 1000,
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    appStoreUrl: httpUrl(env, 'APP_STORE_URL', 'https://apps.apple.com/fr/'),
    webDistDir: path.resolve(cwd, env.WEB_DIST_DIR?.trim() || path.join(repoRoot, 'packages/web/dist')),
    logLevel,
    signInPerMinute: integer(env, 'SIGN_IN_RATE_LIMIT', 30, 1, 100_000),
    // Measured with `npm run bench -- uploads`: 3 at once keeps the process under 300 MB, 4 does not.
    uploadConcurrency: integer(env, 'UPLOAD_CONCURRENCY', 3, 1, 64),
    uploadsPerUser: integer(env, 'UPLOADS_PER_USER', 2, 1, 64),
  };
}
