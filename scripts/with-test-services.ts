import { spawn } from 'node:child_process';
import { startPostgresCluster } from './postgres-cluster.ts';

/*
 * Runs a command (the test suites) with the services of the scaled-out setup started for it: a
 * throwaway PostgreSQL cluster. Tests read TEST_DATABASE_URL and give each test its own database;
 * the browser tests' server gets E2E_DATABASE_URL.
 *
 *   node --import tsx scripts/with-test-services.ts <command> [args...]
 */

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Utilisation : node --import tsx scripts/with-test-services.ts <commande> [arguments...]');
  process.exit(2);
}

const cluster = await startPostgresCluster();
const e2eUrl = new URL(cluster.url);
e2eUrl.pathname = '/coulisses_e2e';
const env = {
  ...process.env,
  TEST_DATABASE_URL: cluster.url,
  E2E_ADMIN_DATABASE_URL: cluster.url,
  E2E_DATABASE_URL: e2eUrl.toString(),
};
console.log(`PostgreSQL de test : ${cluster.url}`);

const child = spawn(command, args, { stdio: 'inherit', env });
const stopAll = () => cluster.stop();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  stopAll();
  process.exit(code ?? (signal ? 1 : 0));
});
