import type { Config } from '../config/env.ts';
import { diskFilesRoot, diskStorage } from './disk-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The storage the configuration names: DATA_DIR/files, or the S3 bucket when S3_BUCKET is set. */
export function openStorage(config: Config): Storage {
  const { storage } = config;
  switch (storage.kind) {
    case 'disk':
      return diskStorage(diskFilesRoot(config.dataDir));
    case 's3':
      return s3Storage(storage);
  }
}
