import { MESSAGES } from '@coulisses/domain/messages';
import type { AppContext } from '../../context.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { pingDatabase } from './health.repository.ts';

/** A load balancer waits a few seconds for its probe: answer before it gives up on us. */
const PROBE_TIMEOUT_MS = 2_000;

function withinProbeTime(check: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health probe timed out')), PROBE_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Readiness: the database answers a trivial query and file storage answers its cheapest request
 * (a bucket's HEAD) in time, or the process should get no traffic: its uploads would fail.
 */
export async function assertReady({ db, storage }: AppContext): Promise<void> {
  try {
    await withinProbeTime(Promise.all([pingDatabase(db), storage.check()]).then(() => undefined));
  } catch {
    throw new ServiceUnavailableError(MESSAGES.serviceUnavailable, 5);
  }
}
