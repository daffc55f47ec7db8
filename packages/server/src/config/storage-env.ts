import { ConfigError } from './config-error.ts';

/** Where uploaded files live: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Another S3-compatible service than AWS (its URL); AWS itself when absent. */
      endpoint?: string;
      region: string;
      /** Both or neither; when neither, the SDK's own chain (instance role, AWS_* variables). */
      accessKeyId?: string;
      secretAccessKey?: string;
      /** `host/bucket/key` addressing, which most self-hosted services need. */
      forcePathStyle: boolean;
      /** Where browsers fetch the bucket's files directly; through /files/ when absent. */
      publicUrl?: string;
    };

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

function value(env: NodeJS.ProcessEnv, name: string) {
  return env[name]?.trim() || undefined;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string) {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new ConfigError(`${name} doit être une URL http(s) sans paramètres (reçu : "${raw}").`);
  }
  return url;
}

function forcePathStyle(env: NodeJS.ProcessEnv) {
  const raw = value(env, 'S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (raw === undefined || ['0', 'false', 'no'].includes(raw)) return false;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  throw new ConfigError(`S3_FORCE_PATH_STYLE doit valoir true ou false (reçu : "${raw}").`);
}

/** Reads the S3_* variables; throws ConfigError on the first bad one. */
export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const bucket = value(env, 'S3_BUCKET');
  if (bucket === undefined) {
    const stray = S3_VARIABLES.find((name) => value(env, name) !== undefined);
    if (stray !== undefined) {
      throw new ConfigError(`${stray} est défini sans S3_BUCKET : définis S3_BUCKET, ou retire ${stray}.`);
    }
    return { kind: 'disk' };
  }
  // S3's own naming rule: lowercase letters, digits, dots and hyphens, 3 to 63 characters.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET doit être un nom de bucket S3 (3 à 63 minuscules, chiffres, points ou tirets ; reçu : "${bucket}").`,
    );
  }
  const region = value(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) {
    throw new ConfigError(`S3_REGION doit être un nom de région comme eu-west-3 (reçu : "${region}").`);
  }
  const accessKeyId = value(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = value(env, 'S3_SECRET_ACCESS_KEY');
  if (!!accessKeyId !== !!secretAccessKey) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : définis les deux, ou aucun.',
    );
  }
  const endpoint = httpUrl(env, 'S3_ENDPOINT');
  const publicUrl = httpUrl(env, 'S3_PUBLIC_URL');
  return {
    kind: 's3',
    bucket,
    ...(endpoint && { endpoint: endpoint.href.replace(/\/$/, '') }),
    region,
    ...(accessKeyId && secretAccessKey && { accessKeyId, secretAccessKey }),
    forcePathStyle: forcePathStyle(env),
    // A key is appended to it: always end with one slash.
    ...(publicUrl && { publicUrl: publicUrl.href.replace(/\/*$/, '/') }),
  };
}
