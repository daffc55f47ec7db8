import { z } from 'zod';
import { FEATURED_VIDEOS_MAX, TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';
import { EditVersionSchema, IdSchema, pageSchema } from './common.ts';

/** A video as the back-office sees it; image fields are URLs, never storage keys. */
export const VideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_lowercase: z.string(),
  /** Normalised: https://www.youtube.com/watch?v=ID */
  video_url: z.string(),
  hor_img_url: z.string(),
  /** The horizontal image THUMBNAIL_WIDTH wide, for a list's card; null for an image kept elsewhere. */
  hor_img_thumb_url: z.string().nullable(),
  ver_img_url: z.string(),
  categories: z.array(z.string()),
  creatorId: z.string(),
  /** Shown in the app: the creator's page is published and the creator not suspended (derived). */
  is_active: z.boolean(),
  /** Grows with every saved edit: an edit names the version it started from (EditVersionSchema). */
  version: z.number().int(),
  /** When it was added, epoch milliseconds. */
  created_at: z.number().int(),
});
export type Video = z.infer<typeof VideoSchema>;

/** The superadmin's view: who made it and whether it is in the featured list. */
export const AdminVideoSchema = VideoSchema.extend({
  creator: z.object({ id: z.string(), title: z.string(), email: z.string() }),
  featured: z.boolean(),
});
export type AdminVideo = z.infer<typeof AdminVideoSchema>;

export const VideoPageSchema = pageSchema(VideoSchema);
export const AdminVideoPageSchema = pageSchema(AdminVideoSchema);

/** The featured list as the superadmin reviews it, in the order the app gets it. */
export const FeaturedListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      creator: z.string(),
      video_url: z.string(),
      hor_img_url: z.string(),
      hor_img_thumb_url: z.string().nullable(),
    }),
  ),
});
export type FeaturedList = z.infer<typeof FeaturedListSchema>;

/** Where a featured video goes: 0 is the front, the first video the app shows. */
export const FeaturedMoveSchema = z.strictObject({
  position: z
    .number()
    .int()
    .min(0)
    .max(FEATURED_VIDEOS_MAX - 1),
});
export type FeaturedMove = z.infer<typeof FeaturedMoveSchema>;

export const FeaturedStateSchema = z.object({ featured: z.boolean() });
export type FeaturedState = z.infer<typeof FeaturedStateSchema>;

/** The image parts of the add-video form. */
export const VIDEO_IMAGE_FIELDS = ['horizontal', 'vertical'] as const;

const asList = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value];

/**
 * The text fields of the add-video form (multipart: a category given once arrives as a string).
 * Presence and the link are checked by `videoFormProblem` (rules/video-form.ts), so the spec's
 * messages come in its order.
 */
export const VideoFieldsSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .max(TITLE_MAX_LENGTH, `Le titre fait ${TITLE_MAX_LENGTH} caractères au plus.`)
    .default(''),
  link: z.string().trim().max(URL_MAX_LENGTH, MESSAGES.invalidYoutubeUrl).default(''),
  categories: z.preprocess(asList, z.array(IdSchema).max(50)),
});
export type VideoFields = z.infer<typeof VideoFieldsSchema>;

/** The edit-video form: the add form's fields and the version it was opened at; images optional. */
export const VideoEditFieldsSchema = VideoFieldsSchema.extend({ version: EditVersionSchema });
export type VideoEditFields = z.infer<typeof VideoEditFieldsSchema>;
