import { z } from 'zod';
import { EMAIL_MAX_LENGTH, ID_MAX_LENGTH } from '../constants/limits.ts';

/** E-mails are compared and stored trimmed and lowercased (spec section 5, add creator). */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Adresse e-mail invalide.' }));

/** An item's id, as a route names it: the same rule as rules/item-id.ts, which the web app checks without zod. */
export const IdSchema = z.string().min(1).max(ID_MAX_LENGTH);
export const IdParamsSchema = z.strictObject({ id: IdSchema });

/**
 * The version an edit form was opened at (a multipart text part): the save is refused when the
 * item has been saved since, so nobody overwrites a change they never saw.
 */
export const EditVersionSchema = z.coerce
  .number({ error: 'Version du formulaire illisible.' })
  .int('Version du formulaire illisible.')
  .min(1, 'Version du formulaire illisible.');

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Query of a searchable keyset-paged list: `q` searches on the server, `after` continues a list. */
export const ListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  after: z.string().max(1000).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** Query of a list's CSV export: the list's own search, the whole of it at once. */
export const ExportQuerySchema = ListQuerySchema.pick({ q: true });

/** The CSV export of a list, in the OpenAPI document. */
export const CsvExportSchema = z
  .string()
  .describe('CSV, UTF-8 with BOM, separator ;, lines ending in CRLF, sent as it is read');

/** A page of a list: when `nextCursor` is null there is nothing more to load. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
