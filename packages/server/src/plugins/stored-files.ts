import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { FILES_URL_PREFIX } from '../lib/storage.ts';

/**
 * Serves uploaded images from DATA_DIR/files. Only the JPEGs we wrote ourselves live there, so
 * each answer is image/jpeg, with nosniff from the security headers: a file can never be
 * rendered as HTML. Keys are random and never rewritten, so they cache forever.
 */
export const storedFiles = fp<{ dataDir: string }>(async (app, { dataDir }) => {
  await app.register(fastifyStatic, {
    root: path.join(dataDir, 'files'),
    prefix: FILES_URL_PREFIX,
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    allowedPath: (pathname) => pathname.endsWith('.jpg'),
    setHeaders(res) {
      res.header('content-type', 'image/jpeg');
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
});
