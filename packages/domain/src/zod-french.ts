import { z } from 'zod';
import { fr } from 'zod/locales';

/** Zod's own messages in French, for server and web alike; call once at start. */
export function setFrenchValidationMessages(): void {
  z.config(fr());
}
