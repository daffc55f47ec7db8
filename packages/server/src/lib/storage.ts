import type { Readable } from 'node:stream';
import { newToken } from './ids.ts';

/** A file opened for streaming to a client, with what its response headers need. */
export interface OpenedFile {
  body: Readable;
  size: number;
  contentType: string;
  modifiedAt: number;
  /** Changes whenever the bytes do, so a client's conditional request can be answered 304. */
  etag: string;
}

/**
 * Where uploaded files live: the local disk (lib/disk-storage.ts) or an S3-compatible bucket
 * (lib/s3-storage.ts). Keys look like `videos/{uid}/{file}.jpg` (spec section 7).
 */
export interface Storage {
  /** Writes a whole file at once: a reader never sees half an image. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Removes a file, and an original's thumbnail with it (keysRemovedWith); a missing one is not an
   * error. The bytes move to a trash kept until `purgeRemoved`, so an online backup whose snapshot
   * still references the file can copy it.
   */
  remove(key: string): Promise<void>;
  /** Whether a live file is there; a removed one, waiting in the trash, is not. */
  exists(key: string): Promise<boolean>;
  /** A file's bytes, from the trash when it was removed after the caller's snapshot; null if gone. */
  read(key: string): Promise<Buffer | null>;
  /** A live file as a stream, so /files/ serves a bucket without holding images in memory; null if missing. */
  open(key: string): Promise<OpenedFile | null>;
  /** When the file was last written, or null when it does not exist: the sweep spares young files. */
  modifiedAt(key: string): Promise<number | null>;
  /** A live file's size in bytes, or null: a copy skips files the target already holds. */
  size(key: string): Promise<number | null>;
  /** Forgets removed files older than `before` (epoch ms); returns how many. */
  purgeRemoved(before: number): Promise<number>;
  /** Every live key, for the sweep and copies; never the trash. */
  list(): AsyncIterable<string>;
  /** The URL the browser and the app use for a key: see imageUrl. */
  urlFor(key: string): string;
  /** What urlFor puts before a stored key. */
  readonly urlPrefix: string;
  /** Throws when storage cannot be reached or written, so a start or a readiness probe fails early. */
  check(): Promise<void>;
}

const ORIGINAL_KEY_PATTERN = /^(videos|creators|discount_images)\/([A-Za-z0-9_-]+\/)?[A-Za-z0-9_-]+\.jpg$/;
/** Where each original's small copy lives: the same key under this folder. */
const THUMBNAILS_FOLDER = 'thumbnails/';

/** A file we store: an uploaded image, or the thumbnail made from one. */
export function isStorageKey(key: string): boolean {
  return isOriginalKey(key) || isThumbnailKey(key);
}

/** An uploaded image, as lib/images.ts normalised it. */
export function isOriginalKey(key: string): boolean {
  return ORIGINAL_KEY_PATTERN.test(key);
}

function isThumbnailKey(key: string): boolean {
  return key.startsWith(THUMBNAILS_FOLDER) && isOriginalKey(originalKeyOf(key));
}

/** The key of an original's thumbnail, made at its first request (plugins/stored-files.ts). */
export function thumbnailKeyOf(originalKey: string): string {
  return `${THUMBNAILS_FOLDER}${originalKey}`;
}

/** The original a thumbnail was made from; any other key is its own original. */
export function originalKeyOf(key: string): string {
  return key.startsWith(THUMBNAILS_FOLDER) ? key.slice(THUMBNAILS_FOLDER.length) : key;
}

/** The files `remove(key)` takes away: an original goes with its thumbnail. */
export function keysRemovedWith(key: string): string[] {
  return isOriginalKey(key) ? [key, thumbnailKeyOf(key)] : [key];
}

/** A fresh, unguessable key under a folder, for example `videos/{uid}`. */
export function newImageKey(folder: string): string {
  return `${folder}/${newToken()}.jpg`;
}

export const FILES_URL_PREFIX = '/files/';
/** Thumbnails are served by this server whatever the storage: it makes them (plugins/stored-files.ts). */
export const THUMBNAILS_URL_PREFIX = `${FILES_URL_PREFIX}${THUMBNAILS_FOLDER}`;

/** The URL of a stored image's thumbnail (THUMBNAIL_WIDTH wide), or null for an image kept elsewhere. */
export function thumbnailUrlFor(key: string): string | null {
  return isOriginalKey(key) ? `${THUMBNAILS_URL_PREFIX}${key}` : null;
}

/** Refuses anything but one of our keys, so a path like `../x` or `.trash/x` never reaches storage. */
export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Refused storage key: ${key}`);
}

/** Every file we store is a JPEG written by lib/images.ts. */
export const STORED_CONTENT_TYPE = 'image/jpeg';

/**
 * An image column may hold a full URL instead of a key: images moved in from Firebase stay where
 * they were until `import firebase --fetch-images` brings them here. Storage never touches those.
 */
export function isExternalImage(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** The URL of an image column's value: an outside image's own, else the stored key's under `prefix`. */
export function imageUrl(prefix: string, value: string): string {
  return isExternalImage(value) ? value : `${prefix}${value}`;
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
