import SQLite from 'better-sqlite3';
import { parentPort, workerData, type Transferable } from 'node:worker_threads';
import {
  atLeastMinBytes,
  COMPRESSED_WHERE_WRITTEN_MAX,
  compressedNow,
  PER_REQUEST,
  type AnswerEncoding,
} from '../lib/answer-compression.ts';
import { answerJobs } from '../lib/worker-pool.ts';
import { withAppFunctions } from './app-functions.ts';
import { withKeptStatements } from './kept-statements.ts';
import { readRows } from './sqlite-rows.ts';

export interface ReadJob {
  sql: string;
  parameters: readonly unknown[];
  /**
   * The rows are an answer SQLite wrote (db/sqlite-dialect.ts, readOffLoop): a few values, the
   * answer's bytes among them, sent as they are.
   */
  written?: boolean;
  /**
   * The client's encoding for a written answer (db/compiled-once.ts, writtenOnce): the thread that
   * wrote the answer compresses it too, where the event loop would have.
   */
  encoding?: AnswerEncoding;
}

/** Copies the write-ahead log into the database file (db/wal-checkpoints.ts). */
export interface CheckpointJob {
  checkpoint: true;
}

export type SqliteThreadJob = ReadJob | CheckpointJob;

export interface ReaderData {
  file: string;
  /** The connection's page cache in KiB; SQLite's default when absent. */
  cacheKib?: number;
}

const { file, cacheKib } = workerData as ReaderData;
// A connection of its own on the server's file, reading only: in WAL mode its reads never wait on
// the writer and each sees the latest commit (db/sqlite-dialect.ts).
const sqlite = withAppFunctions(new SQLite(file, { readonly: true }));
sqlite.pragma('busy_timeout = 10000');
if (cacheKib) sqlite.pragma(`cache_size = -${cacheKib}`);
const statements = withKeptStatements(sqlite);

/** A connection that may write, opened at the first checkpoint: the reading one cannot copy pages. */
let checkpointing: SQLite.Database | undefined;

/**
 * A passive checkpoint: it copies what it can and waits for no one, so the server's writes go on
 * meanwhile; its wait on the disk is this thread's, not the event loop's.
 */
function checkpoint() {
  if (!checkpointing) {
    checkpointing = new SQLite(file, { fileMustExist: true });
    // It reads the log's pages once each, to write them where they belong: no cache to keep.
    checkpointing.pragma('cache_size = -64');
  }
  return checkpointing.pragma('wal_checkpoint(PASSIVE)');
}

/**
 * Where a written answer given as text is encoded before it is compressed or copied out. A blob is
 * a buffer of its own for each answer, which this thread's V8 frees only once its external memory
 * has grown by tens of megabytes: the subscribers' pages, 85 KB of ASCII, cost the server's peak
 * 35 MB more that way under 50 clients; a page of videos, accented, is cheaper as a blob than
 * decoded and encoded again (docs/decisions/051-written-answers-compressed-where-written.md).
 */
const scratch = Buffer.allocUnsafeSlow(1 << 20);

/** A UTF-16 unit never takes more than three bytes in UTF-8. */
const UTF8_BYTES_PER_UNIT = 3;

/**
 * A written answer's bytes: a blob's as they are, a text's encoded into `scratch` when it fits with
 * room to spare, so that a slice of `scratch` is never all of it: `ownBuffer` copies it, and
 * `scratch` itself is never moved away from this thread.
 */
function bytesOfAnswer(answer: unknown): Buffer | undefined {
  if (Buffer.isBuffer(answer)) return answer;
  if (typeof answer !== 'string') return undefined;
  return answer.length * UTF8_BYTES_PER_UNIT < scratch.length
    ? scratch.subarray(0, scratch.write(answer))
    : Buffer.from(answer);
}

/**
 * `bytes` in a buffer of exactly their size. A message copies a buffer's whole memory: a slice of a
 * larger one (zlib's 16 KB of output, Buffer's 8 KB pool, `scratch`) crossed with all of it, which
 * V8 counts against the main thread's heap until its next full collection: under 50 clients one
 * every half second, each holding the loop 4 to 13 ms
 * (docs/decisions/053-answers-cross-threads-in-buffers-of-their-own.md).
 */
function ownBuffer(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}

/**
 * The memory of an answer left uncompressed for its length, moved to the main thread rather than
 * copied. A shorter one is copied: memory moved is freed by another thread than the one that made
 * it, which cost the loop more than the copy of a page (ADR 053).
 */
function longAnswerMemory(rows: unknown): Transferable[] {
  const answer: unknown = Array.isArray(rows) ? (rows as Record<string, unknown>[])[0]?.answer : undefined;
  return Buffer.isBuffer(answer) &&
    answer.length >= COMPRESSED_WHERE_WRITTEN_MAX &&
    answer.buffer instanceof ArrayBuffer
    ? [answer.buffer]
    : [];
}

/**
 * A written answer's row with the answer's bytes, compressed with `encoding` when it is long enough
 * to gain from it, as the server's compression would (plugins/json-compression.ts), its `encoding`
 * said beside it, and short enough not to hold this thread (COMPRESSED_WHERE_WRITTEN_MAX). The
 * bytes sent are a buffer of their own.
 */
function withBytes(rows: Record<string, unknown>[], encoding: AnswerEncoding | undefined) {
  const [row] = rows;
  const bytes = bytesOfAnswer(row?.answer);
  if (!row || !bytes) return rows;
  if (encoding && atLeastMinBytes(bytes) && bytes.length < COMPRESSED_WHERE_WRITTEN_MAX) {
    row.answer = ownBuffer(compressedNow(bytes, encoding, PER_REQUEST));
    row.encoding = encoding;
  } else row.answer = ownBuffer(bytes);
  return rows;
}

// Rows travel as JSON text (strings, numbers and nulls only): the main thread parses a thousand rows
// in two thirds of the time structured cloning takes to rebuild them. A written answer's rows are
// few, and its bytes cross as they are.
if (parentPort) {
  answerJobs(
    parentPort,
    (job: SqliteThreadJob) => {
      if ('checkpoint' in job) return checkpoint();
      const { sql, parameters, written, encoding } = job;
      const rows = readRows(statements.prepare(sql), parameters);
      return written ? withBytes(rows, encoding) : JSON.stringify(rows);
    },
    longAnswerMemory,
  );
}
