import { ConfigError, loadConfig } from '../../src/config/env.ts';

/** The error loadConfig stops with for `env` (read from `cwd`); fails the test if it accepts it. */
export function configError(env: NodeJS.ProcessEnv, cwd = '/srv/coulisses'): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}
