import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

// PostgreSQL only. A search in a video's or a creator's comments whose newest comments do not
// fill a page is asked of the trigram index (moderated-comments.repository.ts). The index of the
// text alone gave every comment holding the word, a common one in 300,000 of a million, to be read
// and dropped when of another video: 180 ms for « génial » in a video of 100,000 comments, none of
// which holds it. With the video, or the creator, as the first column of the trigram index
// (btree_gin), the index keeps only theirs: 14 ms. Either index serves a search of the text alone
// as well, so the index of the text alone goes (docs/decisions/014-search-indexes.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index comments_video_text_search on comments using gin (video_id, text_search gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index comments_creator_text_search on comments using gin (creator_id, text_search gin_trgm_ops)`.execute(
    db,
  );
  await sql`drop index comments_text_search_trigram`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index comments_text_search_trigram on comments using gin (text_search gin_trgm_ops)`.execute(
    db,
  );
  await sql`drop index comments_creator_text_search`.execute(db);
  await sql`drop index comments_video_text_search`.execute(db);
}
