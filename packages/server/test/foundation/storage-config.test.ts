import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { configError } from './config-error.ts';

const cwd = '/srv/coulisses';

describe('storage configuration', () => {
  it('keeps files on disk when S3_BUCKET is unset or empty', () => {
    expect(loadConfig({}, cwd).storage).toEqual({ kind: 'disk' });
    expect(loadConfig({ S3_BUCKET: ' ', S3_REGION: '' }, cwd).storage).toEqual({ kind: 'disk' });
  });

  it('switches to S3 with S3_BUCKET alone, on AWS defaults', () => {
    expect(loadConfig({ S3_BUCKET: 'coulisses-images' }, cwd).storage).toEqual({
      kind: 's3',
      bucket: 'coulisses-images',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('reads every S3 variable', () => {
    expect(
      loadConfig(
        {
          S3_BUCKET: 'coulisses',
          S3_ENDPOINT: 'http://127.0.0.1:9000/',
          S3_REGION: 'eu-west-3',
          S3_ACCESS_KEY_ID: 'cle',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: 'true',
          S3_PUBLIC_URL: 'https://images.exemple.fr/coulisses',
        },
        cwd,
      ).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'coulisses',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      accessKeyId: 'cle',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://images.exemple.fr/coulisses/',
    });
  });

  it.each([
    ['S3_BUCKET', { S3_BUCKET: 'Mon_Bucket' }],
    ['S3_BUCKET', { S3_BUCKET: 'ab' }],
    ['S3_REGION', { S3_BUCKET: 'coulisses', S3_REGION: 'Paris 3' }],
    ['S3_ENDPOINT', { S3_BUCKET: 'coulisses', S3_ENDPOINT: 'minio:9000' }],
    ['S3_ENDPOINT', { S3_BUCKET: 'coulisses', S3_ENDPOINT: 'ftp://minio.local' }],
    ['S3_PUBLIC_URL', { S3_BUCKET: 'coulisses', S3_PUBLIC_URL: 'images.exemple.fr' }],
    ['S3_PUBLIC_URL', { S3_BUCKET: 'coulisses', S3_PUBLIC_URL: 'https://images.exemple.fr/?v=1' }],
    ['S3_FORCE_PATH_STYLE', { S3_BUCKET: 'coulisses', S3_FORCE_PATH_STYLE: 'parfois' }],
    ['S3_ACCESS_KEY_ID', { S3_BUCKET: 'coulisses', S3_ACCESS_KEY_ID: 'cle' }],
    ['S3_SECRET_ACCESS_KEY', { S3_BUCKET: 'coulisses', S3_SECRET_ACCESS_KEY: 'secret' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'http://127.0.0.1:9000' }],
    ['S3_PUBLIC_URL', { S3_PUBLIC_URL: 'https://images.exemple.fr' }],
  ])('stops on a bad %s with one French line naming it (%j)', (name, env) => {
    const error = configError(env);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/ doit | vont ensemble| sans S3_BUCKET/);
  });

  it('says which S3 variable is set without S3_BUCKET', () => {
    expect(configError({ S3_REGION: 'eu-west-3' }).message).toBe(
      'S3_REGION est défini sans S3_BUCKET : définis S3_BUCKET, ou retire S3_REGION.',
    );
  });
});
