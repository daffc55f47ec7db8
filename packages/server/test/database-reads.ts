import type { KyselyPlugin } from 'kysely';
import type { Database } from '../src/db/database.ts';
import type { DB } from '../src/db/types.ts';

/** The rows a table holds, counted, to compare with what the app keeps or shows. */
export async function rowCount(db: Database, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `db` with every statement it runs written down, as SQL text, in `statements`. */
export function recordingStatements(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(db.getExecutor().compileQuery(node, { queryId: '' }).sql);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(recorder), statements };
}
