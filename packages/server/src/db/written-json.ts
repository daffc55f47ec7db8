import { sql, type RawBuilder } from 'kysely';
import { THUMBNAILS_URL_PREFIX } from '../lib/storage.ts';

/*
 * The services' rules for a row's values, in SQLite's SQL, for the answers SQLite writes as JSON
 * itself (docs/decisions/037-answers-written-by-sqlite.md): each says what its JavaScript says, and
 * test/videos/written-video-pages.api.test.ts, test/subscribers/written-users-pages.api.test.ts and
 * the discounts' list tests hold them together.
 */

/**
 * `imageUrl` of lib/storage.ts: an outside image's own URL, else its key under `prefix` (a value
 * or a column). LIKE ignores the case of ASCII letters, as EXTERNAL_IMAGE does.
 */
export function imageUrlOf(column: string, prefix: unknown) {
  const value = sql.ref(column);
  return sql<string>`iif(${value} like 'http://%' or ${value} like 'https://%', ${value}, ${prefix} || ${value})`;
}

/** `thumbnailUrlFor` of lib/storage.ts: an original's thumbnail URL, else null (`is_original_key`, db/app-functions.ts). */
export function thumbnailUrlOf(column: string) {
  const value = sql.ref(column);
  return sql<string | null>`iif(is_original_key(${value}), ${THUMBNAILS_URL_PREFIX} || ${value}, null)`;
}

/** `categoryIdsFrom` of the categories' service: the row's `category_ids`, joined by commas, as a JSON list. */
export const categoryIdsJson = sql<string>`iif(category_ids = '', json_array(), json('["' || replace(category_ids, ',', '","') || '"]'))`;

/** A condition as a JSON boolean. */
export function jsonBoolean(condition: RawBuilder<boolean>) {
  return sql<boolean>`json(iif(${condition}, 'true', 'false'))`;
}

/** `toBool` of lib/booleans.ts: a 0/1 column as a JSON boolean. */
export function booleanOf(column: string) {
  return jsonBoolean(sql<boolean>`${sql.ref(column)} = 1`);
}
