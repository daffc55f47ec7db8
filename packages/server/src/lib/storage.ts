import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { newToken } from './ids.ts';

/** Where uploaded files live. Keys look like `videos/{uid}/{file}.jpg` (spec section 7). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Removes a file; a missing one is not an error. The bytes move to a trash kept until
   * `purgeRemoved`, so an online backup whose snapshot still references the file can copy it.
   */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** A file's bytes, from the trash when it was removed after the caller's snapshot; null if gone. */
  read(key: string): Promise<Buffer | null>;
  /** When the file was last written, or null when it does not exist. */
  modifiedAt(key: string): Promise<number | null>;
  /** Forgets removed files older than `before` (epoch ms); returns how many. */
  purgeRemoved(before: number): Promise<number>;
  list(): AsyncIterable<string>;
  /** The URL the browser and the app use for a key. */
  urlFor(key: string): string;
}

const KEY_PATTERN = /^(videos|creators|discount_images)\/([A-Za-z0-9_-]+\/)?[A-Za-z0-9_-]+\.jpg$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A fresh, unguessable key under a folder, for example `videos/{uid}`. */
export function newImageKey(folder: string): string {
  return `${folder}/${newToken()}.jpg`;
}

export const FILES_URL_PREFIX = '/files/';

/**
 * An image column may hold a full URL instead of a key: images moved in from Firebase stay where
 * they were until `import firebase --fetch-images` brings them here. Storage never touches those.
 */
export function isExternalImage(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** Files on the local disk under DATA_DIR/files, written atomically (temporary file, then rename). */
export function diskStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const trash = path.join(root, '.trash');
  const fullPath = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Refused storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = fullPath(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${newToken()}.tmp`;
      try {
        await fs.writeFile(temporary, data, { flag: 'wx' });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(key) {
      if (isExternalImage(key)) return;
      const source = fullPath(key);
      const trashed = path.join(trash, key);
      await fs.mkdir(path.dirname(trashed), { recursive: true });
      try {
        await fs.rename(source, trashed);
        // The trash's age is the removal's, not the upload's.
        const now = new Date();
        await fs.utimes(trashed, now, now);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    async read(key) {
      if (isExternalImage(key)) return null;
      for (const candidate of [fullPath(key), path.join(trash, key)]) {
        try {
          return await fs.readFile(candidate);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return null;
    },
    async modifiedAt(key) {
      try {
        return (await fs.stat(fullPath(key))).mtimeMs;
      } catch {
        return null;
      }
    },
    async purgeRemoved(before) {
      let purged = 0;
      let entries: string[];
      try {
        entries = await fs.readdir(trash, { recursive: true });
      } catch {
        return 0;
      }
      for (const entry of entries) {
        const file = path.join(trash, entry);
        const stat = await fs.stat(file);
        if (stat.isFile() && stat.mtimeMs < before) {
          await fs.rm(file, { force: true });
          purged += 1;
        }
      }
      return purged;
    },
    async exists(key) {
      if (isExternalImage(key)) return false;
      try {
        await fs.access(fullPath(key));
        return true;
      } catch {
        return false;
      }
    },
    async *list() {
      let entries: string[];
      try {
        entries = await fs.readdir(root, { recursive: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const key = entry.split(path.sep).join('/');
        if (isStorageKey(key)) yield key;
      }
    },
    urlFor(key) {
      return isExternalImage(key) ? key : `${FILES_URL_PREFIX}${key}`;
    },
  };
}

/**
 * Writes files, then runs `work`; when `work` throws, the files just written are removed, so a
 * failed save never leaves an orphan behind.
 */
export async function withStoredFiles<T>(
  storage: Storage,
  files: { key: string; data: Buffer }[],
  work: () => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const file of files) {
      await storage.put(file.key, file.data);
      written.push(file.key);
    }
    return await work();
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  }
}
