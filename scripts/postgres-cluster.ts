import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * A throwaway PostgreSQL cluster for a test run: Debian's binaries, a temporary folder, 127.0.0.1
 * on a free port, trust authentication. Durability is switched off: nothing in it outlives the run.
 */

export interface PostgresCluster {
  /** The `postgres` database of the cluster, as the superuser. */
  url: string;
  stop(): void;
}

const DEBIAN_ROOT = '/usr/lib/postgresql';

function binaries(): string {
  const versions = fs.existsSync(DEBIAN_ROOT)
    ? fs
        .readdirSync(DEBIAN_ROOT)
        .filter((entry) => fs.existsSync(path.join(DEBIAN_ROOT, entry, 'bin/initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error('PostgreSQL est introuvable : installe-le avec `apt-get install -y postgresql`.');
  }
  return path.join(DEBIAN_ROOT, newest, 'bin');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function asClusterOwner(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} a échoué :\n${result.stdout}\n${result.stderr}`);
  }
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  asClusterOwner(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  asClusterOwner(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-o',
    settings,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
