import type { Config } from '../config/env.ts';
import { diskFilesRoot, diskStorage } from './disk-storage.ts';
import type { Storage } from './storage.ts';

/** The storage the configuration names: DATA_DIR/files, or the S3 bucket when S3_BUCKET is set. */
export async function openStorage(config: Config): Promise<Storage> {
  const { storage } = config;
  switch (storage.kind) {
    case 'disk':
      return diskStorage(diskFilesRoot(config.dataDir));
    case 's3':
      return (await import('./s3-storage.ts')).s3Storage(storage);
  }
}
