import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  SCRIPT_CODE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '../constants/limits.ts';
import { MESSAGES } from '../messages.ts';
import { assistantScriptRefusal } from '../rules/assistant-script.ts';
import { normaliseYoutubeLink } from '../rules/youtube-link.ts';

/** A creator's own page as the page settings show it; image URLs are null until uploaded. */
export const PageSettingsSchema = z.object({
  title: z.string(),
  bio: z.string(),
  email: z.string(),
  hor_img_url: z.string().nullable(),
  ver_img_url: z.string().nullable(),
  facebook_url: z.string(),
  instagram_url: z.string(),
  youtube_url: z.string(),
  tiktok_url: z.string(),
  linkedin_url: z.string(),
  home_video_url: z.string(),
  email_visible: z.boolean(),
  /** The assistant script code, exactly as typed: data the app embeds, never run here. */
  lebavard_url: z.string(),
  is_live: z.boolean(),
  is_active: z.boolean(),
  /** Where an assistant script may load from (`*.` admits subdomains), for the form's own check. */
  assistant_script_hosts: z.array(z.string()),
});
export type PageSettings = z.infer<typeof PageSettingsSchema>;

function isHttpLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An optional link to a network: empty, or an http(s) address (never javascript: or data:). */
function socialLink(error: string) {
  return z
    .string()
    .trim()
    .max(URL_MAX_LENGTH, { error })
    .refine((text) => text === '' || isHttpLink(text), { error })
    .optional();
}

/**
 * What a save may change (merge: an absent field keeps its value). Each filled field must be
 * valid; empty ones make a draft, and publishing is what requires title, images and video. The
 * assistant script must follow the script policy for the given hosts.
 */
export function pageSettingsPatchSchema(assistantScriptHosts: readonly string[]) {
  return z.strictObject({
    title: z.string().trim().max(TITLE_MAX_LENGTH, { error: MESSAGES.pageTitleTooLong }).optional(),
    bio: z.string().trim().max(BIO_MAX_LENGTH, { error: MESSAGES.bioTooLong }).optional(),
    home_video_url: z
      .string()
      .trim()
      .max(URL_MAX_LENGTH, { error: MESSAGES.homeVideoLinkInvalid })
      .transform((text, context) => {
        if (text === '') return '';
        const normalised = normaliseYoutubeLink(text);
        if (normalised === null) {
          context.addIssue({ code: 'custom', message: MESSAGES.homeVideoLinkInvalid });
          return z.NEVER;
        }
        return normalised;
      })
      .optional(),
    facebook_url: socialLink(MESSAGES.facebookLinkInvalid),
    instagram_url: socialLink(MESSAGES.instagramLinkInvalid),
    youtube_url: socialLink(MESSAGES.youtubeLinkInvalid),
    tiktok_url: socialLink(MESSAGES.tiktokLinkInvalid),
    linkedin_url: socialLink(MESSAGES.linkedinLinkInvalid),
    email_visible: z.boolean().optional(),
    // Not trimmed: the app embeds the code as the creator typed it (docs/decisions/009-assistant-script-is-data.md).
    lebavard_url: z
      .string()
      .max(SCRIPT_CODE_MAX_LENGTH, { error: MESSAGES.scriptCodeTooLong })
      .superRefine((code, context) => {
        const refusal = assistantScriptRefusal(code, assistantScriptHosts);
        if (refusal) context.addIssue({ code: 'custom', message: refusal });
      })
      .optional(),
  });
}
export type PageSettingsPatch = z.infer<ReturnType<typeof pageSettingsPatchSchema>>;
export type PageSettingsPatchInput = z.input<ReturnType<typeof pageSettingsPatchSchema>>;

/** The two page images: form field name, stored column and exact size. */
export const PAGE_IMAGES = [
  { field: 'horizontal', column: 'hor_img_url', orientation: 'horizontal' },
  { field: 'vertical', column: 'ver_img_url', orientation: 'vertical' },
] as const;

export const PublishSchema = z.strictObject({ live: z.boolean() });
export type Publish = z.infer<typeof PublishSchema>;

export const PublishResultSchema = z.object({ is_live: z.boolean() });
