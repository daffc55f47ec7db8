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
 * Readiness: the database answers a trivial query in time, or the process should get no traffic.
 * Each probe costs one round trip, nothing read.
 */
export async function assertReady({ db }: AppContext): Promise<void> {
  try {
    await withinProbeTime(pingDatabase(db));
  } catch {
    throw new ServiceUnavailableError(MESSAGES.serviceUnavailable, 5);
  }
}
