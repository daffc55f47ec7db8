import SQLite from 'better-sqlite3';
import pg from 'pg';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { newId } from '../src/lib/ids.ts';
import type { Catalogue } from './catalogue.ts';

const WORDS = ['trop', 'bien', 'merci', 'recette', 'génial', 'vidéo', 'bravo', 'super', 'essayé', 'top'];

/** The text of the i-th comment: three of the words, and its number. */
const commentText = (i: number) =>
  `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} n°${i}`;
const DAY = 24 * 60 * 60 * 1000;

/** Two of the demo creator's videos: the busy one, and one of their others. */
export interface CommentedVideos {
  busy: string;
  quiet: string;
}

/**
 * Comments straight in the database, one bulk insert in one transaction (the triggers keep the
 * counts and the search index as they would for the server): a tenth on one video of the demo
 * creator, a fifth on their videos, the rest spread over the other videos; one in a hundred
 * reported, one in two hundred hidden. The same rows on PostgreSQL, when the catalogue is there.
 */
export async function seedComments(catalogue: Catalogue, count: number): Promise<CommentedVideos> {
  return catalogue.databaseUrl
    ? seedPostgresComments(catalogue.databaseUrl, catalogue.creator.email, count)
    : seedSqliteComments(catalogue, count);
}

function seedSqliteComments(catalogue: Catalogue, count: number): CommentedVideos {
  const sqlite = new SQLite(catalogue.databaseFile);
  const column = (sql: string, ...params: unknown[]) =>
    sqlite
      .prepare(sql)
      .pluck()
      .all(...params) as string[];
  const creatorId = column('select id from users where email = ?', catalogue.creator.email)[0]!;
  const own = sqlite
    .prepare('select id, creator_id from videos where creator_id = ? order by id')
    .all(creatorId) as { id: string; creator_id: string }[];
  const busy = own[0]!;
  const others = sqlite
    .prepare('select id, creator_id from videos where id != ? order by id')
    .all(busy.id) as typeof own;
  const authors = column('select id from users where is_creator = 0 order by id limit 5000');
  const insertComment = sqlite.prepare(
    `insert into comments (id, video_id, creator_id, author_id, text, text_search, created_at, hidden)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertReport = sqlite.prepare(
    'insert into comment_reports (comment_id, reporter_id, reason, created_at) values (?, ?, ?, ?)',
  );
  const start = Date.now() - 365 * DAY;
  sqlite.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const video = i % 10 === 0 ? busy : i % 5 === 1 ? own[i % own.length]! : others[i % others.length]!;
      const text = commentText(i);
      const id = newId();
      const at = start + Math.floor((i * 365 * DAY) / count);
      insertComment.run(
        id,
        video.id,
        video.creator_id,
        authors[i % authors.length]!,
        text,
        searchKey(text),
        at,
        i % 200 === 7 ? 1 : 0,
      );
      if (i % 100 === 3) insertReport.run(id, authors[(i + 1) % authors.length]!, 'spam', at);
    }
  })();
  sqlite.pragma('optimize');
  sqlite.close();
  return { busy: busy.id, quiet: own[1]!.id };
}

/**
 * The comments of `seedComments` on PostgreSQL: the same videos, authors, texts, dates, reports
 * and hidden ones, built by the database in one statement (a million rows sent one by one took
 * minutes), then analyzed as autovacuum would after such a load.
 */
async function seedPostgresComments(
  databaseUrl: string,
  creatorEmail: string,
  count: number,
): Promise<CommentedVideos> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = async (query: string, params: unknown[] = []) =>
      (await client.query<{ id: string }>(query, params)).rows.map((row) => row.id);
    const [creator] = await ids('select id from users where email = $1', [creatorEmail]);
    const own = await ids('select id from videos where creator_id = $1 order by id', [creator]);
    const [busy, quiet] = own;
    const start = Date.now() - 365 * DAY;
    await client.query('begin');
    await client.query(
      `with own as (select array_agg(id order by id) ids from videos where creator_id = $1),
        others as (select array_agg(id order by id) ids, array_agg(creator_id order by id) creators
          from videos where id <> $2),
        authors as (select array_agg(id order by id) ids
          from (select id from users where is_creator = 0 order by id limit 5000) a),
        words as (select $3::text[] texts, $4::text[] keys)
      insert into comments (id, video_id, creator_id, author_id, text, text_search, created_at, hidden)
      select gen_random_uuid()::text,
        case when i % 10 = 0 then $2 when i % 5 = 1 then own.ids[1 + i % cardinality(own.ids)]
          else others.ids[1 + i % cardinality(others.ids)] end,
        case when i % 10 = 0 or i % 5 = 1 then $1 else others.creators[1 + i % cardinality(others.ids)] end,
        authors.ids[1 + i % cardinality(authors.ids)],
        words.texts[1 + i % 10] || ' ' || words.texts[1 + i * 7 % 10] || ' ' || words.texts[1 + i * 3 % 10] || ' n°' || i,
        words.keys[1 + i % 10] || ' ' || words.keys[1 + i * 7 % 10] || ' ' || words.keys[1 + i * 3 % 10] || ' n°' || i,
        $5::bigint + (i * 365 * ${DAY}::bigint) / $6::bigint,
        case when i % 200 = 7 then 1 else 0 end
      from generate_series(0::bigint, $6::bigint - 1) i, own, others, authors, words`,
      [creator, busy, WORDS, WORDS.map(searchKey), start, count],
    );
    // The reported ones: one in a hundred, by the next author along.
    await client.query(
      `with authors as (select array_agg(id order by id) ids
          from (select id from users where is_creator = 0 order by id limit 5000) a)
      insert into comment_reports (comment_id, reporter_id, reason, created_at)
      select c.id, authors.ids[1 + (n + 1) % cardinality(authors.ids)], 'spam', c.created_at
      from (select id, created_at, substring(text from ' n°([0-9]+)$')::bigint n from comments) c, authors
      where c.n % 100 = 3`,
    );
    await client.query('commit');
    await client.query('vacuum analyze');
    return { busy: busy!, quiet: quiet! };
  } finally {
    await client.end();
  }
}
