import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * Runs the real CLI in its own process, as an operator would, on the given DATA_DIR; `env` adds
 * variables, such as a test app's `storageEnv` so the CLI sees the same bucket.
 */
export async function runCli(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/cli/main.ts'), ...args],
      { cwd: repoRoot, env: { ...process.env, ...env, DATA_DIR: dataDir, INIT_CWD: repoRoot } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
