import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PSEUDONYM_MAX_LENGTH,
} from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';
import { EmailSchema, IdSchema, pageSchema } from './common.ts';
import { VideoSchema } from './videos.ts';

/*
 * What the mobile app reads. Field names follow spec section 3 (hor_img_url, video_url, categories,
 * creatorId...) so an app written against the original documents needs few changes; image URLs are
 * absolute.
 */

export const PublicCategorySchema = z.object({ id: z.string(), name: z.string() });

export const PublicCreatorSchema = z.object({
  id: z.string(),
  title: z.string(),
  bio: z.string(),
  hor_img_url: z.string(),
  ver_img_url: z.string(),
  home_video_url: z.string(),
  facebook_url: z.string(),
  instagram_url: z.string(),
  youtube_url: z.string(),
  tiktok_url: z.string(),
  linkedin_url: z.string(),
  /** Only when the creator chose to show it. */
  email: z.string().nullable(),
  /**
   * The assistant script code as the creator typed it, for the app to embed; empty when the stored
   * code does not follow the script policy (docs/decisions/009-assistant-script-is-data.md).
   */
  lebavard_url: z.string(),
});
export type PublicCreator = z.infer<typeof PublicCreatorSchema>;

/**
 * The back-office's video without its edit version, its date and its card's thumbnail, which are
 * the back-office's business (the app's fields stay those of the Firebase original); `is_active` is
 * always true here.
 */
export const PublicVideoSchema = VideoSchema.omit({
  version: true,
  created_at: true,
  hor_img_thumb_url: true,
}).extend({
  /** Its visible comments (hidden ones aside). */
  comment_count: z.number().int(),
});
export type PublicVideo = z.infer<typeof PublicVideoSchema>;

export const PublicDiscountSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_lowercase: z.string(),
  link: z.string(),
  code: z.string(),
  /** Epoch milliseconds. */
  start_date: z.number(),
  end_date: z.number(),
  categories: z.array(z.string()),
  image_url: z.string(),
});

export const PublicCreatorPageSchema = pageSchema(PublicCreatorSchema);
export const PublicVideoPageSchema = pageSchema(PublicVideoSchema);
export const PublicDiscountPageSchema = pageSchema(PublicDiscountSchema);
export const PublicVideoListSchema = z.object({ items: z.array(PublicVideoSchema) });
export const PublicCategoryListSchema = z.object({ items: z.array(PublicCategorySchema) });

const cursor = z.string().max(1000).optional();

export const PublicVideoQuerySchema = z.strictObject({
  category: IdSchema.optional(),
  creator: IdSchema.optional(),
  after: cursor,
});
export const PublicDiscountQuerySchema = z.strictObject({ category: IdSchema.optional(), after: cursor });
export const PublicCursorQuerySchema = z.strictObject({ after: cursor });

/** What the app reports; each kind feeds its own counters. */
export const COUNTED_EVENTS = ['video-view', 'creator-click', 'discount-view', 'discount-click'] as const;
export type CountedEvent = (typeof COUNTED_EVENTS)[number];
export const CountParamsSchema = z.strictObject({ event: z.enum(COUNTED_EVENTS), id: IdSchema });
export const CountResultSchema = z.object({
  /** False when the same client already counted this item a moment ago. */
  counted: z.boolean(),
});

export const SignUpSchema = z.strictObject({
  email: EmailSchema,
  pseudonym: z
    .string()
    .trim()
    .min(1, 'Choisis un pseudo.')
    .max(PSEUDONYM_MAX_LENGTH, `Ton pseudo doit faire au plus ${PSEUDONYM_MAX_LENGTH} caractères.`),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
  accept_terms: z
    .boolean({ error: MESSAGES.termsNotAccepted })
    .refine((accepted) => accepted, MESSAGES.termsNotAccepted),
});
export type SignUp = z.infer<typeof SignUpSchema>;

export const AppLoginSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

/** The app is not a browser on our origin: it gets its token in the body and sends it as a Bearer header. */
export const AppSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.number(),
  user: z.object({ id: z.string(), email: z.string(), pseudonym: z.string().nullable() }),
});
