import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** A DATA_DIR, or a test app's: its folder and the variables that reach its database. */
export type CliTarget = string | { dataDir: string; env: NodeJS.ProcessEnv };

/** Runs the real CLI in its own process, as an operator would, on the given DATA_DIR; `extra` adds variables. */
export async function runCli(target: CliTarget, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const { dataDir, env } = typeof target === 'string' ? { dataDir: target, env: {} } : target;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/cli/main.ts'), ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: repoRoot, ...env, ...extra } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
