const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);

/**
 * The YouTube video id of a link, or null when the link is not one we accept: `youtu.be/ID`, or
 * `youtube.com/watch?v=ID` on www., m. or no subdomain, with or without http(s)://, extra
 * parameters allowed (spec section 5).
 */
export function videoIdOf(link: string): string | null {
  const text = link.trim();
  if (text === '' || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.replace(/^\/|\/$/g, '');
  } else if (WATCH_HOSTS.has(host) && /^\/watch\/?$/.test(url.pathname)) {
    id = url.searchParams.get('v');
  }
  return id !== null && VIDEO_ID.test(id) ? id : null;
}

/**
 * A YouTube link in the one form we store, `https://www.youtube.com/watch?v=ID`, or null when the
 * link is not an accepted YouTube link.
 * @example normaliseYoutubeLink('youtu.be/dQw4w9WgXcQ?t=5') // 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
 */
export function normaliseYoutubeLink(link: string): string | null {
  const id = videoIdOf(link);
  return id === null ? null : `https://www.youtube.com/watch?v=${id}`;
}

/** YouTube's thumbnail files: `medium` is 320x180, `high` 480x360 with a black band above and below a 16:9 picture. */
const THUMBNAIL_FILES = { medium: 'mqdefault.jpg', high: 'hqdefault.jpg' } as const;

/** The thumbnail YouTube serves for a video link in that size, or null when the link has no video id. */
export function thumbnailUrlOf(link: string, size: keyof typeof THUMBNAIL_FILES): string | null {
  const id = videoIdOf(link);
  return id === null ? null : `https://i.ytimg.com/vi/${id}/${THUMBNAIL_FILES[size]}`;
}

/** YouTube answers an unknown or private video with a 120x90 grey placeholder rather than an error. */
const PLACEHOLDER_WIDTH = 120;

/** Whether a YouTube thumbnail, loaded or failed, shows nothing: broken (0 wide) or that placeholder. */
export function isYoutubePlaceholder(naturalWidth: number): boolean {
  return naturalWidth <= PLACEHOLDER_WIDTH;
}
