import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppContext } from '../../context.ts';
import { copyTables, tablesWithData, withSnapshot } from '../../db/copy-tables.ts';
import {
  DATABASE_FILE,
  openDatabase,
  snapshotInto,
  withDatabaseFile,
  type DatabaseTarget,
} from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { newToken } from '../../lib/ids.ts';
import type { Storage } from '../../lib/storage.ts';
import { referencedKeys } from './maintenance.repository.ts';

/*
 * A backup is one SQLite file, whichever database the server runs on: a consistent snapshot of the
 * database (on SQLite VACUUM INTO reads inside one transaction, so writers carry on in WAL mode; on
 * PostgreSQL every table is copied inside one repeatable-read transaction) plus a `backup_files` table holding every image the
 * snapshot references. Files are never rewritten under the same key and removed ones wait in the
 * storage trash, so each file the snapshot needs is still readable while we copy it.
 */

const FILES_TABLE = 'backup_files';
/** Files read or written at once: on a bucket each one waits a round trip, which a few in flight hide. */
const FILES_IN_FLIGHT = 16;

export interface BackupReport {
  files: number;
  /** Keys the snapshot references but storage no longer holds (already missing before the backup). */
  missing: string[];
}

export class BackupError extends Error {}

async function writeSnapshot(source: AppContext['db'], file: string): Promise<void> {
  if (!isPostgres(source)) return snapshotInto(source, file);
  // A plain rollback-journal file, like VACUUM INTO writes: a backup is one file, nothing beside it.
  await withDatabaseFile(file, async (copy) => {
    await migrateToLatest(copy);
    await withSnapshot(source, (snapshot) => copyTables(snapshot, copy));
  });
}

export async function backupTo({ db: source, storage }: AppContext, target: string): Promise<BackupReport> {
  const destination = path.resolve(target);
  if (fs.existsSync(destination)) throw new BackupError(`Le fichier ${destination} existe déjà.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const temporary = `${destination}.${newToken()}.tmp`;
  try {
    await writeSnapshot(source, temporary);
    const report = await withDatabaseFile(temporary, async (db, sqlite) => {
      sqlite.exec(`CREATE TABLE ${FILES_TABLE} (key TEXT PRIMARY KEY, data BLOB NOT NULL)`);
      const insert = sqlite.prepare(`INSERT INTO ${FILES_TABLE} (key, data) VALUES (?, ?)`);
      const missing: string[] = [];
      let files = 0;
      const keys = [...(await referencedKeys(db))];
      for (let start = 0; start < keys.length; start += FILES_IN_FLIGHT) {
        const batch = keys.slice(start, start + FILES_IN_FLIGHT);
        const contents = await Promise.all(batch.map((key) => storage.read(key)));
        batch.forEach((key, index) => {
          const data = contents[index] ?? null;
          if (data === null) missing.push(key);
          else {
            insert.run(key, data);
            files += 1;
          }
        });
      }
      return { files, missing: missing.sort() };
    });
    fs.renameSync(temporary, destination);
    return report;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** Stops unless `backup` (read from `source`) is a Coulisses backup, before anything is written from it. */
function assertBackup(backup: SQLite.Database, source: string): void {
  const check = backup.pragma('integrity_check', { simple: true });
  const hasFiles = backup
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(FILES_TABLE);
  if (check !== 'ok' || !hasFiles)
    throw new BackupError(`${source} n'est pas une sauvegarde Coulisses valide.`);
}

async function restoreFiles(backup: SQLite.Database, storage: Storage): Promise<number> {
  let files = 0;
  let writes: Promise<void>[] = [];
  for (const row of backup.prepare(`SELECT key, data FROM ${FILES_TABLE}`).iterate() as Iterable<{
    key: string;
    data: Buffer;
  }>) {
    writes.push(storage.put(row.key, row.data));
    files += 1;
    if (writes.length === FILES_IN_FLIGHT) {
      await Promise.all(writes);
      writes = [];
    }
  }
  await Promise.all(writes);
  return files;
}

/**
 * Brings a backup back into an empty place: files first, then the database. On SQLite the file is
 * renamed in last; on PostgreSQL every table is copied in one transaction into an empty database.
 */
export async function restoreFrom(
  backupFile: string,
  target: DatabaseTarget,
  storage: Storage,
): Promise<{ files: number }> {
  const source = path.resolve(backupFile);
  if (!fs.existsSync(source)) throw new BackupError(`Sauvegarde introuvable : ${source}`);
  return target.database.kind === 'postgres'
    ? restoreIntoPostgres(source, target, storage)
    : restoreIntoDataDir(source, target.dataDir, storage);
}

async function restoreIntoPostgres(source: string, target: DatabaseTarget, storage: Storage) {
  const database = openDatabase(target);
  try {
    await migrateToLatest(database.db);
    if ((await tablesWithData(database.db)).length > 0) {
      throw new BackupError('La base PostgreSQL contient déjà des données : restaure dans une base vide.');
    }
    // One read-only handle on the backup, for its files and its tables: the file stays as it was.
    const files = await withDatabaseFile(
      source,
      async (backupDb, backup) => {
        assertBackup(backup, source);
        const restored = await restoreFiles(backup, storage);
        await copyTables(backupDb, database.db);
        return restored;
      },
      { readonly: true },
    );
    return { files };
  } finally {
    await database.close();
  }
}

async function restoreIntoDataDir(source: string, dataDir: string, storage: Storage) {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (fs.existsSync(databaseFile)) {
    throw new BackupError(`${dataDir} contient déjà une base : restaure dans un DATA_DIR vide.`);
  }
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  const temporary = `${databaseFile}.${newToken()}.tmp`;
  try {
    assertBackup(backup, source);
    const files = await restoreFiles(backup, storage);
    // With files on a bucket, nothing has created DATA_DIR yet.
    fs.mkdirSync(dataDir, { recursive: true });
    backup.prepare('VACUUM INTO ?').run(temporary);
    const copy = new SQLite(temporary);
    try {
      copy.exec(`DROP TABLE ${FILES_TABLE}`);
      copy.exec('VACUUM');
    } finally {
      copy.close();
    }
    fs.renameSync(temporary, databaseFile);
    return { files };
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  } finally {
    backup.close();
  }
}
