import { MESSAGES } from '../messages.ts';

/** What publishing looks at: the page's required fields, image URLs or keys empty when missing. */
export interface PublishablePage {
  title: string;
  hor_img_url: string | null;
  ver_img_url: string | null;
  home_video_url: string;
}

export type PublishRequiredField = 'title' | 'hor_img_url' | 'ver_img_url' | 'home_video_url';

/** The required fields still empty (blank counts as empty), in the order of the form. */
export function missingForPublish(page: PublishablePage): PublishRequiredField[] {
  const missing: PublishRequiredField[] = [];
  if (!page.hor_img_url) missing.push('hor_img_url');
  if (!page.ver_img_url) missing.push('ver_img_url');
  if (!page.title.trim()) missing.push('title');
  if (!page.home_video_url.trim()) missing.push('home_video_url');
  return missing;
}

/**
 * Why a page cannot go live, or null when it can (spec section 5): title, both images and the
 * featured video are required. Saving a draft needs none of them; unpublishing is always allowed.
 */
export function publishRefusal(page: PublishablePage): string | null {
  return missingForPublish(page).length > 0 ? MESSAGES.publishFieldsMissing : null;
}

/** The required texts a save can empty; the images can only be replaced. */
export type LivePageText = 'title' | 'home_video_url';

/**
 * What a save would leave blank while the page is live, each field with its message, in the order
 * of the form (empty when nothing is): the app shows that page, so it keeps its title and featured
 * video until it is unpublished. A page that is not live may be saved incomplete, as a draft.
 */
export function blankedOnLivePage(page: {
  is_live: boolean;
  title: string;
  home_video_url: string;
}): Partial<Record<LivePageText, string>> {
  if (!page.is_live) return {};
  const fields = (['title', 'home_video_url'] as const).filter((field) => !page[field].trim());
  return Object.fromEntries(fields.map((field) => [field, MESSAGES.livePageTextRequired]));
}
