import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { AppContext } from '../../context.ts';
import { DATABASE_FILE, snapshotInto, withDatabaseFile } from '../../db/database.ts';
import { newToken } from '../../lib/ids.ts';
import type { Storage } from '../../lib/storage.ts';
import { referencedKeys } from './maintenance.repository.ts';

/*
 * A backup is one SQLite file: a consistent snapshot of the database (VACUUM INTO reads inside one
 * transaction, so writers carry on in WAL mode) plus a `backup_files` table holding every image the
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

export async function backupTo({ db: source, storage }: AppContext, target: string): Promise<BackupReport> {
  const destination = path.resolve(target);
  if (fs.existsSync(destination)) throw new BackupError(`Le fichier ${destination} existe déjà.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const temporary = `${destination}.${newToken()}.tmp`;
  try {
    await snapshotInto(source, temporary);
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

/**
 * Brings a backup back into an empty DATA_DIR and the configured storage: files first, then the
 * database, renamed in last.
 */
export async function restoreFrom(
  backupFile: string,
  dataDir: string,
  storage: Storage,
): Promise<{ files: number }> {
  const source = path.resolve(backupFile);
  if (!fs.existsSync(source)) throw new BackupError(`Sauvegarde introuvable : ${source}`);
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (fs.existsSync(databaseFile)) {
    throw new BackupError(`${dataDir} contient déjà une base : restaure dans un DATA_DIR vide.`);
  }
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  const temporary = `${databaseFile}.${newToken()}.tmp`;
  try {
    const check = backup.pragma('integrity_check', { simple: true });
    const hasFiles = backup
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
      .get(FILES_TABLE);
    if (check !== 'ok' || !hasFiles)
      throw new BackupError(`${source} n'est pas une sauvegarde Coulisses valide.`);

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
