import type { z } from 'zod';
import { setFrenchValidationMessages } from '@coulisses/domain/zod-french';

// Set here rather than at start: zod and its French messages then load with the first form that
// checks its input, not with every page.
setFrenchValidationMessages();

/** Checks a form's input against its domain schema, zod's own messages in French. */
export function validate<T extends z.ZodType>(schema: T, input: unknown) {
  return schema.safeParse(input);
}
