import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { newToken } from '../src/lib/ids.ts';

/** The S3_* variables that point the app at one bucket of a test server. */
export interface S3Env extends NodeJS.ProcessEnv {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: 'true';
  S3_REGION: string;
}

export interface S3Server {
  env: S3Env;
  /** Stops the server; storage on it fails from then on. */
  close(): Promise<void>;
}

// Quiet, as lib/s3-storage.ts keeps it: the SDK's notice about its future Node 22 requirement.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's built-in account. */
const S3RVER_KEY = 'S3RVER';

/** A new, empty bucket on an S3-compatible server, and the variables that select it. */
export async function createTestBucket(
  endpoint: string,
  accessKeyId = S3RVER_KEY,
  secretAccessKey = S3RVER_KEY,
): Promise<S3Env> {
  const env: S3Env = {
    S3_BUCKET: `coulisses-${newToken()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`.slice(0, 40),
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_REGION: 'us-east-1',
  };
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  } finally {
    client.destroy();
  }
  return env;
}

/** A real S3-compatible server (s3rver) on a free local port, with one fresh bucket. */
export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const env = await createTestBucket(`http://127.0.0.1:${port}`);
  let closed = false;
  return {
    env,
    async close() {
      if (closed) return;
      closed = true;
      // The SDK keeps its connections open; close() would wait for them.
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
