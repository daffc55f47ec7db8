import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config/storage-env.ts';
import {
  assertStorageKey,
  FILES_URL_PREFIX,
  imageUrl,
  isExternalImage,
  isStorageKey,
  keysRemovedWith,
  STORED_CONTENT_TYPE,
  type Storage,
} from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** Removed files wait under this prefix; it never matches a key, so `list` and /files/ skip it. */
const TRASH_PREFIX = '.trash/';

/** A missing object or bucket: HeadObject answers a bare 404 ("NotFound"), GetObject "NoSuchKey". */
function isMissing(error: unknown) {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NotFound' || failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404
  );
}

async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Files in an S3-compatible bucket, so that several processes share them. The SDK is loaded only
 * here: a process on the embedded default does not carry its 20 MB.
 */
export async function s3Storage(config: S3Config): Promise<Storage> {
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    paginateListObjectsV2,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
  const { bucket } = config;
  // The SDK warns on every start under Node 20 that its future releases will need Node 22; the
  // version the lock file pins supports Node 20, which package.json's engines promise, and the
  // warning would land on stderr of every CLI command. Setting the variable to false shows it again.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: with the SDK's default, services that do not speak
    // its newer checksum headers store streamed uploads corrupted.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const head = (key: string) => orNull(client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
  const getBytes = async (key: string) => {
    const object = await orNull(client.send(new GetObjectCommand({ Bucket: bucket, Key: key })));
    return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
  };
  const urlPrefix = config.publicUrl ?? FILES_URL_PREFIX;
  return {
    async put(key, data) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: STORED_CONTENT_TYPE }),
      );
    },
    async remove(key) {
      if (isExternalImage(key)) return;
      assertStorageKey(key);
      for (const removed of keysRemovedWith(key)) {
        // A copy gets a fresh LastModified: the trash's age is the removal's, not the upload's.
        const copied = await orNull(
          client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: `${TRASH_PREFIX}${removed}`,
              CopySource: `${bucket}/${removed}`,
            }),
          ),
        );
        if (copied !== null) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: removed }));
      }
    },
    async read(key) {
      if (isExternalImage(key)) return null;
      assertStorageKey(key);
      return (await getBytes(key)) ?? (await getBytes(`${TRASH_PREFIX}${key}`));
    },
    async open(key) {
      assertStorageKey(key);
      const object = await orNull(client.send(new GetObjectCommand({ Bucket: bucket, Key: key })));
      if (!object?.Body) return null;
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? STORED_CONTENT_TYPE,
        modifiedAt: object.LastModified?.getTime() ?? Date.now(),
        etag: object.ETag ?? `"${object.ContentLength ?? 0}"`,
      };
    },
    async modifiedAt(key) {
      if (!isStorageKey(key)) return null;
      return (await head(key))?.LastModified?.getTime() ?? null;
    },
    async size(key) {
      if (!isStorageKey(key)) return null;
      return (await head(key))?.ContentLength ?? null;
    },
    async purgeRemoved(before) {
      let purged = 0;
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: TRASH_PREFIX })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified.getTime() < before) {
            await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object.Key }));
            purged += 1;
          }
        }
      }
      return purged;
    },
    async exists(key) {
      if (isExternalImage(key) || !isStorageKey(key)) return false;
      return (await head(key)) !== null;
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isStorageKey(object.Key)) yield object.Key;
        }
      }
    },
    urlFor(key) {
      return imageUrl(urlPrefix, key);
    },
    urlPrefix,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
