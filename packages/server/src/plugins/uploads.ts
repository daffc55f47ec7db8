import fs from 'node:fs/promises';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MULTIPART_LIMITS } from '../lib/multipart.ts';
import { uploadSlots } from '../lib/upload-slots.ts';

export interface UploadsOptions {
  /** Where a request's files wait, on disk rather than in memory, until its work ends. */
  tmpDir: string;
  overall: number;
  perUser: number;
}

/**
 * Multipart uploads, bounded: forty large forms sent at once once took the server from 185 MB to
 * 1.1 GB. Files now stream to disk, and only so many uploads run at once (lib/multipart.ts).
 */
export const uploads = fp<UploadsOptions>(async (app, options) => {
  await fs.mkdir(options.tmpDir, { recursive: true });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  app.decorate('uploads', {
    tmpDir: options.tmpDir,
    slots: uploadSlots({ overall: options.overall, perOwner: options.perUser }),
  });
});
