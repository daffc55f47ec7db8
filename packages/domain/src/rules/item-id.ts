import { ID_MAX_LENGTH } from '../constants/limits.ts';

/**
 * Whether an address can name an item by `value`: the check of schemas/common.ts (IdSchema), for
 * the web app's entry, which carries no zod (docs/decisions/047-zod-with-the-form.md).
 */
export function isItemId(value: string): boolean {
  return value.length >= 1 && value.length <= ID_MAX_LENGTH;
}
