import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { answerJobs } from '../lib/worker-pool.ts';
import { withKeptStatements } from './kept-statements.ts';
import { readRows } from './sqlite-rows.ts';

export interface ReadJob {
  sql: string;
  parameters: readonly unknown[];
}

// A connection of its own on the server's file, reading only: in WAL mode its reads never wait on
// the writer and each sees the latest commit (db/sqlite-dialect.ts).
const sqlite = new SQLite((workerData as { file: string }).file, { readonly: true });
sqlite.pragma('busy_timeout = 10000');
const statements = withKeptStatements(sqlite);

// Rows travel as JSON text (strings, numbers and nulls only): the main thread parses a thousand rows
// in two thirds of the time structured cloning takes to rebuild them.
if (parentPort) {
  answerJobs(parentPort, ({ sql, parameters }: ReadJob) =>
    JSON.stringify(readRows(statements.prepare(sql), parameters)),
  );
}
