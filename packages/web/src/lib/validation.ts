import type { z } from 'zod';
import { MESSAGES } from '@coulisses/domain/messages';

/** A form's input checked: its parsed value, or what is wrong, each problem at its field's path. */
export type Validation<T> =
  | { success: true; data: T }
  | { success: false; issues: readonly { path: readonly PropertyKey[]; message: string }[] };

let frenchMessages: Promise<void> | undefined;

/**
 * Checks a form's input against its domain schema, zod's own messages in French. The schema, and
 * zod with it, load at the first check rather than with the page: showing a form needs neither.
 * Code that cannot be fetched is told as a problem of the form, with the reload advice.
 *
 * @example const checked = await validate(() => import('@coulisses/domain/schemas/creators').then((m) => m.AddCreatorSchema), input);
 */
export async function validate<T extends z.ZodType>(
  loadSchema: () => Promise<T>,
  input: unknown,
): Promise<Validation<z.output<T>>> {
  try {
    frenchMessages ??= import('@coulisses/domain/zod-french').then((m) =>
      m.setFrenchValidationMessages({ withoutEval: true }),
    );
    const [schema] = await Promise.all([loadSchema(), frenchMessages]);
    const result = schema.safeParse(input);
    return result.success
      ? { success: true, data: result.data }
      : { success: false, issues: result.error.issues };
  } catch {
    frenchMessages = undefined;
    return { success: false, issues: [{ path: [], message: MESSAGES.chunkLoadFailed }] };
  }
}
