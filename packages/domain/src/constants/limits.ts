/** Business constants of spec section 9, shared by server and web. */
export const PAGE_SIZE = 50;
export const LATEST_VIDEOS_CAP = 11;
export const FEATURED_VIDEOS_MAX = 10;
export const DISCOUNT_SEARCH_LIMIT = 1000;
export const USERS_PAGE_SIZE = 500;
/** The longest id an address may name an item by: the ids made are far shorter, the rest is margin. */
export const ID_MAX_LENGTH = 64;

export const IMAGE_SIZES = {
  horizontal: { width: 900, height: 600 },
  vertical: { width: 600, height: 900 },
} as const;
export type ImageOrientation = keyof typeof IMAGE_SIZES;
/**
 * The width of each stored image's thumbnail, the picture a list card draws: a phone draws it
 * 6.5rem wide, so 300 pixels stay sharp up to a 2.9 pixel ratio, at about a tenth of the bytes.
 */
export const THUMBNAIL_WIDTH = 300;

export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/**
 * Image formats the server takes, as sharp names them: only those a phone or a desktop actually
 * produces. SVG is refused: it is a document, not a picture.
 */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff'] as const;
/** The same formats for a file input's `accept`; HEIC by extension too, which some systems give no type. */
export const ACCEPTED_IMAGE_TYPES =
  'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,image/gif,image/tiff,.heic,.heif';
/** Refuses decompression bombs: a small file declaring a huge canvas. */
export const UPLOAD_MAX_PIXELS = 50_000_000;

/** The SPA renews its session this long before it expires (spec section 9). */
export const SESSION_RENEW_BEFORE_MS = 5 * 60 * 1000;
/** The SPA treats a session as expired this long before its real expiry (spec section 9). */
export const SESSION_EXPIRY_MARGIN_MS = 30 * 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120 * 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const PSEUDONYM_MAX_LENGTH = 40;
export const TITLE_MAX_LENGTH = 200;
export const CATEGORY_NAME_MAX_LENGTH = 80;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 2048;
export const BIO_MAX_LENGTH = 5000;
export const SCRIPT_CODE_MAX_LENGTH = 10 * 1024;
export const DISCOUNT_CODE_MAX_LENGTH = 100;

export const COMMENT_MAX_LENGTH = 1000;
/**
 * How fast one account may comment, and one address over every account (a flood from one place
 * with many accounts); counted in the database, so every server process agrees.
 */
export const COMMENT_THROTTLE = {
  perAccountPerMinute: 5,
  perAccountPerHour: 30,
  perAddressPerMinute: 20,
} as const;
