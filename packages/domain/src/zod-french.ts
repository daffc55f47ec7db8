import { z } from 'zod';
import { fr } from 'zod/locales';

/**
 * Zod's own messages in French, for server and web alike; call once at start. `withoutEval` is for
 * pages whose Content-Security-Policy forbids eval: zod then never tries it (each try is reported
 * as a violation).
 */
export function setFrenchValidationMessages({ withoutEval = false } = {}): void {
  z.config({ ...fr(), jitless: withoutEval });
}
