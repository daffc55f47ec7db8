import { buffer } from 'node:stream/consumers';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../lib/errors.ts';
import { thumbnailOf } from '../lib/images.ts';
import {
  FILES_URL_PREFIX,
  isOriginalKey,
  isStorageKey,
  thumbnailKeyOf,
  THUMBNAILS_URL_PREFIX,
  type OpenedFile,
  type Storage,
} from '../lib/storage.ts';

export interface StoredFilesOptions {
  storage: Storage;
  /** The folder of a disk storage, served straight from the file system; absent for a bucket. */
  diskRoot?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Streams a stored file, or answers 304 to a conditional request that already holds it. */
function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: OpenedFile) {
  const lastModified = new Date(Math.floor(file.modifiedAt / 1000) * 1000);
  void reply.headers({
    'content-type': 'image/jpeg',
    'cache-control': IMMUTABLE,
    etag: file.etag,
    'last-modified': lastModified.toUTCString(),
  });
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
  if (
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some((tag) => tag.trim() === file.etag)
      : ifModifiedSince >= lastModified.getTime()
  ) {
    file.body.destroy();
    return reply.code(304).send();
  }
  void reply.header('content-length', file.size);
  return reply.send(file.body);
}

/**
 * Makes the thumbnail of a live original, once: requests arriving while it is being made wait for
 * the same work. A removed original (in the trash) gets none.
 */
function thumbnailMaker(storage: Storage) {
  const making = new Map<string, Promise<void>>();
  const make = async (key: string) => {
    // `open` sees live files only, where `read` would fall back to the trash.
    const original = await storage.open(key);
    if (original) await storage.put(thumbnailKeyOf(key), await thumbnailOf(await buffer(original.body)));
  };
  return (key: string) => {
    let work = making.get(key);
    if (!work) {
      work = make(key).finally(() => making.delete(key));
      making.set(key, work);
    }
    return work;
  };
}

/**
 * Serves uploaded images under /files/. Only the JPEGs we wrote ourselves live there, so each
 * answer is image/jpeg, with nosniff from the security headers: a file can never be rendered as
 * HTML. Keys are random and never rewritten, so they cache forever.
 *
 * Each original's thumbnail is under /files/thumbnails/{key}, made at its first request: images
 * uploaded, restored from a backup or moved in from Firebase all get one without a migration,
 * and it is removed with its original (Storage.remove).
 */
export const storedFiles = fp<StoredFilesOptions>(async (app, { storage, diskRoot }) => {
  const makeThumbnail = thumbnailMaker(storage);
  app.get(`${THUMBNAILS_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isOriginalKey(key)) throw new NotFoundError();
    let file = await storage.open(thumbnailKeyOf(key));
    if (!file) {
      await makeThumbnail(key);
      file = await storage.open(thumbnailKeyOf(key));
    }
    if (!file) throw new NotFoundError();
    return sendStoredFile(request, reply, file);
  });

  if (diskRoot !== undefined) {
    // @fastify/static answers ranges and conditional requests from the file system itself.
    await app.register(fastifyStatic, {
      root: diskRoot,
      prefix: FILES_URL_PREFIX,
      decorateReply: false,
      dotfiles: 'deny',
      index: false,
      allowedPath: (pathname) => pathname.endsWith('.jpg'),
      setHeaders(res) {
        res.header('content-type', 'image/jpeg');
        res.header('cache-control', IMMUTABLE);
      },
    });
    return;
  }

  // A bucket: stream each object through, so the bucket itself can stay private.
  app.get(`${FILES_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Only our own keys: never the trash, never a path the bucket would read differently.
    const file = isStorageKey(key) ? await storage.open(key) : null;
    if (!file) throw new NotFoundError();
    return sendStoredFile(request, reply, file);
  });
});
