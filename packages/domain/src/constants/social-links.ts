import { MESSAGES } from '../messages.ts';

/** The page's links to the creator's networks, in the order of the form. */
export const SOCIAL_LINKS = [
  { field: 'facebook_url', label: 'Facebook', error: MESSAGES.facebookLinkInvalid },
  { field: 'instagram_url', label: 'Instagram', error: MESSAGES.instagramLinkInvalid },
  { field: 'youtube_url', label: 'YouTube', error: MESSAGES.youtubeLinkInvalid },
  { field: 'tiktok_url', label: 'TikTok', error: MESSAGES.tiktokLinkInvalid },
  { field: 'linkedin_url', label: 'LinkedIn', error: MESSAGES.linkedinLinkInvalid },
] as const;
export type SocialLinkField = (typeof SOCIAL_LINKS)[number]['field'];
