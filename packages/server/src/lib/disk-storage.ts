import { createReadStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { newToken } from './ids.ts';
import {
  assertStorageKey,
  isStorageKey,
  FILES_URL_PREFIX,
  imageUrl,
  isExternalImage,
  keysRemovedWith,
  STORED_CONTENT_TYPE,
  type Storage,
} from './storage.ts';

/** The folder of uploaded files inside DATA_DIR. */
export function diskFilesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/** Files on the local disk under DATA_DIR/files, written atomically (temporary file, then rename). */
export function diskStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  const trash = path.join(root, '.trash');
  const fullPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  const stat = async (key: string) => {
    try {
      const found = await fs.stat(fullPath(key));
      return found.isFile() ? found : null;
    } catch {
      return null;
    }
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
      for (const removed of keysRemovedWith(key)) {
        const source = fullPath(removed);
        const trashed = path.join(trash, removed);
        await fs.mkdir(path.dirname(trashed), { recursive: true });
        try {
          await fs.rename(source, trashed);
          // The trash's age is the removal's, not the upload's.
          const now = new Date();
          await fs.utimes(trashed, now, now);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
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
    async open(key) {
      const file = fullPath(key);
      const found = await stat(key);
      if (!found) return null;
      return {
        body: createReadStream(file),
        size: found.size,
        contentType: STORED_CONTENT_TYPE,
        modifiedAt: found.mtimeMs,
        etag: `"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`,
      };
    },
    async modifiedAt(key) {
      return (await stat(key))?.mtimeMs ?? null;
    },
    async size(key) {
      return (await stat(key))?.size ?? null;
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
      return imageUrl(FILES_URL_PREFIX, key);
    },
    urlPrefix: FILES_URL_PREFIX,
    async check() {
      await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}
