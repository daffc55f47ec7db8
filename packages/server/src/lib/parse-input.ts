import type { z } from 'zod';
import { MESSAGES } from '@coulisses/domain/messages';
import { ValidationError } from './errors.ts';

/**
 * Validates input against a domain schema where the answer must carry the rule's own message
 * (for example 'L'email est requis.') rather than the generic one of route-level validation.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new ValidationError(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput, fields);
}
