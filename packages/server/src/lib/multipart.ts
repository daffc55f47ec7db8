import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { AppError, ValidationError } from './errors.ts';
import { parseInput } from './parse-input.ts';

export interface MultipartForm<T> {
  fields: T;
  files: Record<string, Buffer>;
}

/** Multipart limits, from the shared constants: a few small fields and a few images per request. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 3,
  fields: 30,
  fieldSize: 16 * 1024,
  parts: 40,
  headerPairs: 200,
};

/**
 * Reads a whole multipart request into memory: the named files as buffers, the other parts as
 * text fields validated by `schema` (a field given several times becomes an array). A file part
 * with an unexpected name, or over the size limit, fails the whole request before anything is stored.
 */
export async function readMultipart<S extends z.ZodType>(
  request: FastifyRequest,
  fileFields: readonly string[],
  schema: S,
  /** Raises the per-field byte limit for a form with one large text part. */
  options: { fieldSize?: number } = {},
): Promise<MultipartForm<z.output<S>>> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', MESSAGES.unsupportedMediaType);
  }
  const raw: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const files: Record<string, Buffer> = Object.create(null) as Record<string, Buffer>;
  try {
    const limits = options.fieldSize ? { limits: { fieldSize: options.fieldSize } } : {};
    for await (const part of request.parts(limits)) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
          part.file.resume();
          throw new ValidationError(MESSAGES.invalidInput, { [part.fieldname]: 'Fichier inattendu.' });
        }
        const data = await part.toBuffer();
        if (data.length > 0) files[part.fieldname] = data;
      } else {
        // Busboy silently cuts a field at the size limit: storing half a value would be worse.
        if (part.valueTruncated) throw new AppError(413, 'payload_too_large', MESSAGES.payloadTooLarge);
        const value = String(part.value);
        const previous = raw[part.fieldname];
        raw[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'payload_too_large', MESSAGES.imageTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'payload_too_large', MESSAGES.payloadTooLarge);
    }
    throw new ValidationError(MESSAGES.invalidInput);
  }
  return { fields: parseInput(schema, raw), files };
}
