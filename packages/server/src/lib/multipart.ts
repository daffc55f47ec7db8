import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCEPTED_IMAGE_FORMATS,
  IMAGE_SIZES,
  UPLOAD_MAX_BYTES,
  type ImageOrientation,
} from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { AppError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from './errors.ts';
import { newToken } from './ids.ts';
import type { UploadSlots } from './upload-slots.ts';

/** Multipart limits, from the shared constants: a few small fields and a few images per request. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 3,
  fields: 30,
  fieldSize: 16 * 1024,
  parts: 40,
  headerPairs: 200,
};

/** An image part of a form: the stored image is normalised to the orientation's size. */
export interface ImagePart {
  field: string;
  orientation: ImageOrientation;
  required: boolean;
}

const imagePartSchema = ({ orientation, required }: ImagePart) => {
  const { width, height } = IMAGE_SIZES[orientation];
  const file = z.string().meta({
    format: 'binary',
    description: `Image made ${width}x${height}: ${ACCEPTED_IMAGE_FORMATS.join(', ')}; ${UPLOAD_MAX_BYTES / 1024 / 1024} Mo at most`,
    'x-max-bytes': UPLOAD_MAX_BYTES,
    'x-accepted-formats': ACCEPTED_IMAGE_FORMATS,
  });
  return required ? file : file.optional();
};

// Fastify validates a body schema before the handler, but a multipart body is only read there,
// by readMultipart: the body schema documents the form, the other parts are still validated.
function skipBodyValidation<T>(route: Parameters<FastifySchemaCompiler<T>>[0]) {
  if (route.httpPart === 'body') return () => ({ value: undefined });
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/**
 * Route options of a multipart operation: its text fields (the domain schema readMultipart checks
 * them with) and its image parts with their limits, documented as the request body so Swagger UI
 * can send the form and a client can be generated from the document.
 */
export function multipartForm(fields: z.ZodObject, images: readonly ImagePart[]) {
  const body = z.object({
    ...fields.shape,
    ...Object.fromEntries(images.map((image) => [image.field, imagePartSchema(image)])),
  });
  return {
    validatorCompiler: skipBodyValidation,
    schema: { consumes: ['multipart/form-data'], body },
  };
}

/** The first message of each field, and the first of all as the answer's message. */
function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new ValidationError(parsed.error.issues[0]?.message ?? MESSAGES.invalidInput, fields);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files wait while their request runs, and the slots that bound uploads. */
    uploads: { tmpDir: string; slots: UploadSlots };
  }
}

/** A form's files by field name, each a temporary file that lives as long as the request's work. */
export type UploadedFiles = Record<string, string>;

export interface MultipartForm<T> {
  fields: T;
  files: UploadedFiles;
}

export interface MultipartOptions {
  /** Raises the per-field byte limit for a form with one large text part. */
  fieldSize?: number;
  /** A text part holding the form's fields as JSON, validated instead of the parts themselves. */
  json?: { part: string; invalidMessage: string };
}

function jsonFields(raw: Record<string, string | string[]>, json: NonNullable<MultipartOptions['json']>) {
  const parts = validated(z.strictObject({ [json.part]: z.string().optional() }), raw);
  const text = parts[json.part];
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError(json.invalidMessage);
  }
}

/**
 * Reads a multipart request and runs `work` with it: the named files streamed to temporary files,
 * the other parts as text fields validated by `schema` (a field given several times becomes an
 * array). A file part with an unexpected name, or over the size limit, fails the whole request
 * before anything is stored. The upload takes one of the user's slots first, before any byte of
 * the body is read; the slot and the temporary files are given back however the work ends
 * (success, error, or a client that hung up mid-upload).
 */
export async function withMultipart<S extends z.ZodType, T>(
  request: FastifyRequest,
  fileFields: readonly string[],
  schema: S,
  work: (form: MultipartForm<z.output<S>>) => Promise<T>,
  options: MultipartOptions = {},
): Promise<T> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError();
  const { tmpDir, slots } = request.server.uploads;
  const release = slots.take(request.session?.user.id ?? `ip:${request.ip}`);
  const written: string[] = [];
  try {
    const form = await readParts(request, fileFields, schema, options, () => {
      const target = path.join(tmpDir, `${newToken()}.upload`);
      written.push(target);
      return target;
    });
    return await work(form);
  } finally {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
    release();
  }
}

async function readParts<S extends z.ZodType>(
  request: FastifyRequest,
  fileFields: readonly string[],
  schema: S,
  options: MultipartOptions,
  temporaryFile: () => string,
): Promise<MultipartForm<z.output<S>>> {
  const raw: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const files: UploadedFiles = Object.create(null) as UploadedFiles;
  try {
    const limits = options.fieldSize ? { limits: { fieldSize: options.fieldSize } } : {};
    for await (const part of request.parts(limits)) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
          part.file.resume();
          throw new ValidationError(MESSAGES.invalidInput, { [part.fieldname]: 'Fichier inattendu.' });
        }
        const file = temporaryFile();
        const output = createWriteStream(file, { flags: 'wx' });
        await pipeline(part.file, output).catch(async (error: unknown) => {
          // A cut-off upload fails the pipeline while the file may still be opening: it would
          // appear on disk after withMultipart removed it. Wait until it is closed.
          if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
          throw error;
        });
        if (part.file.truncated) throw new PayloadTooLargeError(MESSAGES.imageTooLarge);
        if (output.bytesWritten > 0) files[part.fieldname] = file;
      } else {
        // Busboy silently cuts a field at the size limit: storing half a value would be worse.
        if (part.valueTruncated) throw new PayloadTooLargeError();
        const value = String(part.value);
        const previous = raw[part.fieldname];
        raw[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(MESSAGES.imageTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new PayloadTooLargeError();
    }
    // A full disk is the server's problem, not the form's: the error handler answers 507.
    if (code === 'ENOSPC') throw error;
    throw new ValidationError(MESSAGES.invalidInput);
  }
  const input = options.json ? jsonFields(raw, options.json) : raw;
  return { fields: validated(schema, input), files };
}
