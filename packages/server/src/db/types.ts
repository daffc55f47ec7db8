import type { Generated } from 'kysely';

/**
 * The schema of spec section 3, one table per collection and link tables for its arrays.
 * Booleans are 0/1 integers and times are epoch milliseconds, so SQLite and PostgreSQL agree.
 * Image columns hold storage keys (for example `videos/{uid}/{file}.jpg`); the API turns them into URLs.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  pseudonym: string | null;
  is_creator: number;
  is_superadmin: number;
  total_views: Generated<number>;
  total_clicks: Generated<number>;
  terms_accepted_at: number | null;
  created_at: number;
  /** Muted by the superadmin: may no longer comment (2026_11_30_140). */
  comments_muted: Generated<number>;
}

export interface CreatorsTable {
  id: string;
  title: Generated<string>;
  bio: Generated<string>;
  email: string;
  hor_img_url: Generated<string>;
  ver_img_url: Generated<string>;
  facebook_url: Generated<string>;
  instagram_url: Generated<string>;
  youtube_url: Generated<string>;
  tiktok_url: Generated<string>;
  linkedin_url: Generated<string>;
  home_video_url: Generated<string>;
  email_visible: Generated<number>;
  /** The AI assistant's script code: data, never run in the back-office. */
  lebavard_url: Generated<string>;
  is_live: Generated<number>;
  is_active: Generated<number>;
  total_views: Generated<number>;
  total_clicks: Generated<number>;
  /** Kept by triggers (migration 2026_11_26_100): code reads it and never writes it. */
  video_count: Generated<number>;
  /** Comments on their videos, kept by triggers (migration 2026_11_30_140): read only. */
  comment_count: Generated<number>;
  /** When they last opened 'Commentaires': later comments are new to them. */
  comments_seen_at: number | null;
  updated_at: number;
}

export interface VideosTable {
  id: string;
  title: string;
  title_lowercase: string;
  /** searchKey(title): accent- and case-free, for search. */
  title_search: string;
  hor_img_url: string;
  ver_img_url: string;
  video_url: string;
  creator_id: string;
  created_at: number;
  /** Grows by one with every saved edit (2026_11_27_110). */
  version: Generated<number>;
  /** Visible comments, kept by triggers (migration 2026_11_30_140): read only. */
  comment_count: Generated<number>;
  /** Its category ids, joined by commas in id order, kept by triggers (migration 2026_12_02_160): read only. */
  category_ids: Generated<string>;
}

export interface CategoriesTable {
  id: string;
  name: string;
  /** searchKey(name), unique: 'Été' and 'ete' are the same category. */
  name_key: string;
  created_at: number;
  /** Videos (or discounts) filed under it, kept by triggers (migration 2026_11_29_130): read only. */
  use_count: Generated<number>;
}

export interface VideoCategoryLinksTable {
  video_id: string;
  category_id: string;
  /** The video's title_lowercase, kept by triggers, for a category's videos in title order. */
  title_lowercase: Generated<string>;
}

export interface DiscountsTable {
  id: string;
  title: string;
  title_lowercase: string;
  title_search: string;
  link: string;
  code: string;
  start_date: number;
  end_date: number;
  image_url: string;
  views: Generated<number>;
  clicks: Generated<number>;
  created_at: number;
  /** Grows by one with every saved edit (2026_11_27_110). */
  version: Generated<number>;
  /** Its category ids, joined by commas in id order, kept by triggers (migration 2026_12_02_160): read only. */
  category_ids: Generated<string>;
}

export interface DiscountCategoryLinksTable {
  discount_id: string;
  category_id: string;
}

export interface VideoListTable {
  video_id: string;
  position: number;
}

export interface TotalsTable {
  name: string;
  value: number;
}

export interface SessionsTable {
  /** SHA-256 of the token: a leaked database holds no usable session. */
  id_hash: string;
  user_id: string;
  kind: string;
  created_at: number;
  /** When the user typed their password; renewals keep it, the absolute lifetime counts from it. */
  signed_in_at: number;
  /** The end of the idle time, never past signed_in_at plus the absolute lifetime. */
  expires_at: number;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  bucket: string;
  at: number;
}

export interface FormSubmissionsTable {
  user_id: string;
  submission_key: string;
  submitted_at: number;
}

export interface CountMarksTable {
  client_key: string;
  item_key: string;
  counted_at: number;
}

export interface FirebasePasswordsTable {
  user_id: string;
  password_hash: string;
  salt: string;
}

export interface FirebaseHashConfigTable {
  id: number;
  /** base64, as the Firebase console shows them. */
  signer_key: string;
  salt_separator: string;
  rounds: number;
  mem_cost: number;
}

/** Append-only (the migration's triggers refuse updates and deletes). */
export interface JournalEntriesTable {
  id: string;
  at: number;
  actor_id: string | null;
  actor_email: string | null;
  kind: string;
  item_type: string;
  item_id: string;
  item_label: string;
  about_user_id: string | null;
  /** JSON: { field: { before, after } }. */
  changes: string;
}

export interface CommentsTable {
  id: string;
  video_id: string;
  /** The video's creator, copied at insert: videos never change owner. */
  creator_id: string;
  author_id: string;
  /** As typed, trimmed; served as JSON text, never as markup. */
  text: string;
  /** searchKey(text). */
  text_search: string;
  created_at: number;
  hidden: Generated<number>;
  /** Kept by triggers on comment_reports (migration 2026_11_30_140): read only. */
  report_count: Generated<number>;
}

export interface CommentReportsTable {
  comment_id: string;
  reporter_id: string;
  reason: string;
  created_at: number;
}

/** One row per comment posted, by account and by address: the throttle's counts. */
export interface CommentPostsTable {
  id: string;
  bucket: string;
  at: number;
}

/**
 * One row: a number that grows with every change of the app's public content, moved by triggers
 * (migration 2026_12_03_170): read only.
 */
export interface ContentVersionTable {
  value: number;
  changed_by: number | null;
}

export interface OutsideImageOriginsTable {
  origin: string;
}

export interface DB {
  users: UsersTable;
  creators: CreatorsTable;
  videos: VideosTable;
  video_categories: CategoriesTable;
  video_category_links: VideoCategoryLinksTable;
  discounts: DiscountsTable;
  discount_categories: CategoriesTable;
  discount_category_links: DiscountCategoryLinksTable;
  featured_videos: VideoListTable;
  latest_videos: VideoListTable;
  totals: TotalsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  count_marks: CountMarksTable;
  form_submissions: FormSubmissionsTable;
  firebase_passwords: FirebasePasswordsTable;
  firebase_hash_config: FirebaseHashConfigTable;
  outside_image_origins: OutsideImageOriginsTable;
  journal_entries: JournalEntriesTable;
  comments: CommentsTable;
  comment_reports: CommentReportsTable;
  comment_posts: CommentPostsTable;
  content_version: ContentVersionTable;
}
