import type { z } from 'zod';
import { MESSAGES } from '@coulisses/domain/messages';

/** A form's input checked: its parsed value, or what is wrong, each problem at its field's path. */
export type Validation<T> =
  | { success: true; data: T }
  | { success: false; issues: readonly { path: readonly PropertyKey[]; message: string }[] };

let frenchMessages: Promise<void> | undefined;

/** zod's own messages in French, loaded once; asked again after a failure. */
function frenchMessagesLoaded(): Promise<void> {
  frenchMessages ??= import('@coulisses/domain/zod-french').then((m) =>
    m.setFrenchValidationMessages({ withoutEval: true }),
  );
  return frenchMessages;
}

/**
 * Starts loading a form's check as the form is focused (its `onFocus`): by the submit, zod and the
 * schema are there, where on a phone's network they were one more round trip after the tap
 * (docs/decisions/047-zod-with-the-form.md). A failure is told by `validate`, which asks
 * again.
 */
export function prepareValidation(loadSchema: () => Promise<unknown>): void {
  void Promise.all([loadSchema(), frenchMessagesLoaded()]).catch(() => {
    frenchMessages = undefined;
  });
}

/**
 * Checks a form's input against its domain schema, zod's own messages in French. The schema, and
 * zod with it, load at the first check, or as the form is focused (prepareValidation), rather than
 * with the page: showing a form needs neither. Code that cannot be fetched is told as a problem of
 * the form, with the reload advice.
 *
 * @example const checked = await validate(() => import('@coulisses/domain/schemas/creators').then((m) => m.AddCreatorSchema), input);
 */
export async function validate<T extends z.ZodType>(
  loadSchema: () => Promise<T>,
  input: unknown,
): Promise<Validation<z.output<T>>> {
  try {
    const [schema] = await Promise.all([loadSchema(), frenchMessagesLoaded()]);
    const result = schema.safeParse(input);
    return result.success
      ? { success: true, data: result.data }
      : { success: false, issues: result.error.issues };
  } catch {
    frenchMessages = undefined;
    return { success: false, issues: [{ path: [], message: MESSAGES.chunkLoadFailed }] };
  }
}
