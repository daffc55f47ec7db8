import { z } from 'zod';
import { DISCOUNT_CODE_MAX_LENGTH, TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';
import { endsBeforeStart, parseCalendarDay } from '../rules/discount-dates.ts';
import { EditVersionSchema, IdSchema } from './common.ts';

export const DISCOUNT_CATEGORIES_MAX = 50;

const missing = MESSAGES.discountFieldsMissing;

const HTTP_LINK = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** Whether a link opens a web page: http(s) only, so no javascript: or data: link reaches the app. */
export function isHttpLink(value: string): boolean {
  return HTTP_LINK.test(value);
}

const requiredText = (max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${max} caractères au plus.`);

/** A calendar day as an `<input type="date">` sends it (AAAA-MM-JJ), read as epoch ms at 00:00 UTC. */
const calendarDay = z
  .string({ error: missing })
  .trim()
  .min(1, missing)
  .transform((value, ctx) => {
    const day = parseCalendarDay(value);
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidDate });
      return z.NEVER;
    }
    return day;
  });

const discountFields = {
  title: requiredText(TITLE_MAX_LENGTH),
  link: requiredText(URL_MAX_LENGTH).refine(isHttpLink, MESSAGES.invalidHttpLink),
  code: z
    .string()
    .trim()
    .max(DISCOUNT_CODE_MAX_LENGTH, `${DISCOUNT_CODE_MAX_LENGTH} caractères au plus.`)
    .optional()
    .transform((code) => code ?? ''),
  start_date: calendarDay,
  end_date: calendarDay,
  categories: z
    .union([z.string(), z.array(z.string())], { error: missing })
    .optional()
    .transform((value) => {
      const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
      return [...new Set(list.map((id) => id.trim()).filter(Boolean))];
    })
    .pipe(z.array(IdSchema).min(1, missing).max(DISCOUNT_CATEGORIES_MAX)),
};

function withDatesInOrder<T extends z.ZodType<{ start_date: number; end_date: number }>>(schema: T) {
  return schema.refine((form) => !endsBeforeStart(form.start_date, form.end_date), {
    message: MESSAGES.endBeforeStart,
    path: ['end_date'],
  });
}

/**
 * The add-discount form, shared by the web form and the multipart request (whose repeated
 * `categories` field arrives as one string or several). The image travels as the `image` file.
 * Code is optional and becomes '' when blank. Dates are calendar days, AAAA-MM-JJ. Any other
 * field is refused, like every form: views, clicks or an image URL are never the client's to set.
 */
export const DiscountCreateSchema = withDatesInOrder(z.strictObject(discountFields));
export type DiscountCreateInput = z.input<typeof DiscountCreateSchema>;
export type DiscountCreate = z.output<typeof DiscountCreateSchema>;

/** The edit-discount form: the add form's fields and the version it was opened at; the image optional. */
export const DiscountEditSchema = withDatesInOrder(
  z.strictObject({ ...discountFields, version: EditVersionSchema }),
);
export type DiscountEditInput = z.input<typeof DiscountEditSchema>;
export type DiscountEdit = z.output<typeof DiscountEditSchema>;

/**
 * A discount as the API returns it. `start_date` and `end_date` are epoch milliseconds at 00:00
 * UTC of their day (format them with formatFrenchDate); `image_url` is the URL of its 900x600 JPEG.
 */
export const DiscountSchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string(),
  code: z.string(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  image_url: z.string(),
  /** The image THUMBNAIL_WIDTH wide, for the list's card; null for an image kept elsewhere. */
  image_thumb_url: z.string().nullable(),
  categories: z.array(z.string()),
  views: z.number().int(),
  clicks: z.number().int(),
  /** Grows with every saved edit (EditVersionSchema). */
  version: z.number().int(),
});
export type Discount = z.infer<typeof DiscountSchema>;
