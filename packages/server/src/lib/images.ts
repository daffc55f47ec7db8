import os from 'node:os';
import sharp from 'sharp';
import {
  ACCEPTED_IMAGE_FORMATS,
  IMAGE_SIZES,
  THUMBNAIL_WIDTH,
  UPLOAD_MAX_PIXELS,
  type ImageOrientation,
} from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { ValidationError } from './errors.ts';
import { jobQueue } from './job-queue.ts';
import { yieldThreadsNamed } from './thread-priority.ts';

const ACCEPTED_FORMATS = new Set<string>(ACCEPTED_IMAGE_FORMATS);

// No libvips cache: every upload is a new photo, so cached operations are never reused, while they
// would hold up to 50 MB of decoded pixels; and uploads are read from temporary files deleted right
// after, which libvips must not keep open, holding their disk space after the delete.
sharp.cache(false);

/** Image jobs of the whole process: as many at once as there are cores, the rest wait their turn. */
export const imageJobs = jobQueue(os.availableParallelism());

/** What libvips calls the threads it works on, which it starts as a job needs them and keeps. */
const LIBVIPS_THREADS = 'libvips worker';

/**
 * Runs `job` in its turn, then lets libvips's threads, those it started for it, yield their core to
 * the event loop: a photo then takes longer while the loop has work, and the loop no longer waits
 * behind it (docs/decisions/043-image-threads-yield-to-the-loop.md).
 */
function imageJob<T>(job: () => Promise<T>): Promise<T> {
  return imageJobs.run(async () => {
    try {
      return await job();
    } finally {
      await yieldThreadsNamed(LIBVIPS_THREADS);
    }
  });
}

/**
 * Turns any decodable photo (a file, as lib/multipart.ts leaves it) into the exact size the app expects: rotated upright from its EXIF
 * orientation, centre-cropped, resized, re-encoded as JPEG with every metadata removed.
 * Throws a ValidationError (nothing stored) for anything else.
 */
export async function normaliseImage(
  /** A file path (uploads are streamed to disk) or the bytes of an image fetched from elsewhere. */
  file: string | Buffer,
  orientation: ImageOrientation,
  field: string,
): Promise<Buffer> {
  return imageJob(() => normaliseNow(file, orientation, field));
}

async function normaliseNow(file: string | Buffer, orientation: ImageOrientation, field: string) {
  const { width, height } = IMAGE_SIZES[orientation];
  try {
    const image = sharp(file, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format))
      throw new ValidationError(MESSAGES.imageInvalid);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > UPLOAD_MAX_PIXELS) {
      throw new ValidationError(MESSAGES.imageTooManyPixels, { [field]: MESSAGES.imageTooManyPixels });
    }
    return await image
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      // libjpeg-turbo with optimised Huffman tables: mozjpeg's few percent smaller files cost
      // about 100 ms a photo, a third of the 12-megapixel budget (npm run bench -- images).
      .jpeg({ quality: 85, optimiseCoding: true })
      .toBuffer();
  } catch (error) {
    if (error instanceof ValidationError) {
      throw new ValidationError(error.message, { [field]: error.message });
    }
    const message = /pixel limit/i.test(String(error)) ? MESSAGES.imageTooManyPixels : MESSAGES.imageInvalid;
    throw new ValidationError(message, { [field]: message });
  }
}

/** A normalised image's thumbnail: THUMBNAIL_WIDTH wide, in proportion, a lighter JPEG. */
export async function thumbnailOf(jpeg: Buffer): Promise<Buffer> {
  return imageJob(() =>
    sharp(jpeg, { failOn: 'error' })
      .resize({ width: THUMBNAIL_WIDTH })
      .jpeg({ quality: 80, optimiseCoding: true })
      .toBuffer(),
  );
}
