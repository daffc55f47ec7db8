import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { SEARCH_INDEXES, searchIndexNames, type SearchedColumn } from '../search-index.ts';

// The search plan of docs/decisions/014-search-indexes.md.
//
// On both databases, the title order indexes also carry the search key: a common word is found by
// walking titles in order and testing each key in the index itself, without reading the rows.
//
// On SQLite, each searched column gets a contentless FTS5 trigram index (PostgreSQL has pg_trgm,
// 2026_11_24_070). Triggers keep it, so every writer (the server, the CLI, the import, a copy into
// SQLite) maintains it without knowing it exists. Its rows are numbered through a small table of
// their own: the searched tables key rows by text ids, and their implicit rowids may change at
// VACUUM, which backups run.

const TITLE_ORDERS = [
  ['videos', 'videos_title_order'],
  ['discounts', 'discounts_title_order'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, index] of TITLE_ORDERS) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(['title_lowercase', 'id', 'title_search']).execute();
  }
  if (isPostgres(db)) return;
  for (const searched of Object.values(SEARCH_INDEXES)) await createTrigramIndex(db, searched);
}

async function createTrigramIndex(db: Kysely<unknown>, searched: SearchedColumn) {
  const { table, column } = searched;
  const { rows, index } = searchIndexNames(searched);
  const source = sql.table(table);
  const rowsTable = sql.table(rows);
  const indexTable = sql.table(index);
  const value = sql.ref(column);
  await sql`create table ${rowsTable} (row integer primary key, id text not null unique)`.execute(db);
  await sql`create virtual table ${indexTable} using fts5(${value}, content='', contentless_delete=1, tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into ${rowsTable} (id) select id from ${source}`.execute(db);
  await sql`insert into ${indexTable} (rowid, ${value})
    select ${sql.ref(`${rows}.row`)}, ${sql.ref(`${table}.${column}`)} from ${source}
    join ${rowsTable} on ${sql.ref(`${rows}.id`)} = ${sql.ref(`${table}.id`)}`.execute(db);
  await sql`create trigger ${sql.id(`${index}_insert`)} after insert on ${source} begin
    insert into ${rowsTable} (id) values (new.id);
    insert into ${indexTable} (rowid, ${value}) values (last_insert_rowid(), new.${value});
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index}_update`)} after update of ${value} on ${source} begin
    update ${indexTable} set ${value} = new.${value} where rowid = (select row from ${rowsTable} where id = old.id);
  end`.execute(db);
  await sql`create trigger ${sql.id(`${index}_delete`)} after delete on ${source} begin
    delete from ${indexTable} where rowid = (select row from ${rowsTable} where id = old.id);
    delete from ${rowsTable} where id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const searched of Object.values(SEARCH_INDEXES)) {
      const { rows, index } = searchIndexNames(searched);
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.id(`${index}_${event}`)}`.execute(db);
      }
      await sql`drop table ${sql.table(index)}`.execute(db);
      await sql`drop table ${sql.table(rows)}`.execute(db);
    }
  }
  for (const [table, index] of TITLE_ORDERS) {
    await db.schema.dropIndex(index).execute();
    await db.schema.createIndex(index).on(table).columns(['title_lowercase', 'id']).execute();
  }
}
