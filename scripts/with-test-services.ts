import { spawn } from 'node:child_process';
import { startS3Server } from '../packages/server/test/s3-server.ts';
import { startPostgresCluster } from './postgres-cluster.ts';

/*
 * Runs a command (the test suites) with the services of the scaled-out setup started for it: a
 * throwaway PostgreSQL cluster and an S3-compatible server (s3rver). Tests read TEST_DATABASE_URL
 * and TEST_S3_* and give each test app its own database and bucket; the browser tests' server gets
 * E2E_DATABASE_URL and E2E_S3_*.
 *
 *   node --import tsx scripts/with-test-services.ts <command> [args...]
 */

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Utilisation : node --import tsx scripts/with-test-services.ts <commande> [arguments...]');
  process.exit(2);
}

// s3rver removes a prefix's folder when its last object goes, and an upload to the same prefix at
// that moment fails on its temporary file without an error listener: the exception would end the
// S3 server for every remaining test. That upload fails alone (the client sees an error), as a
// real S3 would answer one failed request; anything else still ends the run.
process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
  if (error.code === 'ENOENT' && String(error.path).endsWith('._S3rver_object')) {
    console.warn(`s3rver : un envoi a échoué (${error.path})`);
    return;
  }
  throw error;
});

const cluster = await startPostgresCluster();
const s3 = await startS3Server();
const e2eUrl = new URL(cluster.url);
e2eUrl.pathname = '/coulisses_e2e';
const env = {
  ...process.env,
  TEST_DATABASE_URL: cluster.url,
  E2E_ADMIN_DATABASE_URL: cluster.url,
  E2E_DATABASE_URL: e2eUrl.toString(),
  TEST_S3_ENDPOINT: s3.env.S3_ENDPOINT,
  TEST_S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
  TEST_S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
  E2E_S3_ENDPOINT: s3.env.S3_ENDPOINT,
  E2E_S3_BUCKET: s3.env.S3_BUCKET,
  E2E_S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
  E2E_S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
};
console.log(`PostgreSQL de test : ${cluster.url} ; S3 de test : ${s3.env.S3_ENDPOINT}`);

const child = spawn(command, args, { stdio: 'inherit', env });
const stopAll = async () => {
  cluster.stop();
  await s3.close();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  void stopAll().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
