import type { AppContext } from '../../context.ts';
import { copyTables, countRows, tablesWithData, withSnapshot } from '../../db/copy-tables.ts';
import { openPostgres } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';

export class DatabaseCopyError extends Error {}

/**
 * Copies the running database (SQLite in DATA_DIR, usually) into an empty PostgreSQL database:
 * the target is migrated first, must hold no data, receives every row in one transaction, and is
 * counted afterwards against the source so a copy that lost a row says so.
 */
export async function copyDatabaseTo(
  { db }: AppContext,
  targetUrl: string,
  onTable: (table: string, rows: number) => void,
): Promise<{ rows: number }> {
  const target = openPostgres(targetUrl, 2);
  try {
    await migrateToLatest(target.db);
    const busy = await tablesWithData(target.db);
    if (busy.length > 0) {
      throw new DatabaseCopyError(
        `La base cible contient déjà des données (${busy.join(', ')}) : copie vers une base vide.`,
      );
    }
    const { copied, expected } = await withSnapshot(db, async (snapshot) => ({
      copied: await copyTables(snapshot, target.db, onTable),
      expected: await countRows(snapshot),
    }));
    const found = await countRows(target.db);
    const wrong = Object.keys(expected).filter((table) => found[table] !== expected[table]);
    if (wrong.length > 0) {
      throw new DatabaseCopyError(
        `Copie incomplète : les tables ${wrong.join(', ')} diffèrent de la source.`,
      );
    }
    return { rows: Object.values(copied).reduce((sum, n) => sum + n, 0) };
  } finally {
    await target.close();
  }
}
