import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { AnswerEncoding } from '../lib/answer-compression.ts';
import type { Database } from './database.ts';
import { isPostgres } from './dialect.ts';
import { prepareOnce } from './prepared-statements.ts';
import type { ReadsBesideKysely } from './sqlite-dialect.ts';

type Value = string | number;

/** The values a query is run with, by name: one value, a list (an `in (…)`), or none. */
type QueryValues = Readonly<Record<string, Value | readonly Value[] | undefined>>;
/** QueryValues, for an interface as well (an interface has no index signature). */
type ValuesOf<Values> = { readonly [Name in keyof Values]: Value | readonly Value[] | undefined };

/** Where each parameter of a compiled query comes from: a value's name and place, or none (a constant). */
type Source = readonly [name: string, index: number | undefined] | undefined;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  sources: readonly Source[];
}

/**
 * The shape of a query run with `values`: which are present, and how long each list is. Shapes
 * come from the code that builds the query (a cursor or none, a search found by ids or walked), so
 * they are few; an `in (…)` list is padded by its caller to a few lengths (`padded` in
 * db/conditions.ts).
 */
function shapeOf(values: QueryValues): string {
  let shape = '';
  for (const name in values) {
    const value = values[name];
    shape += `${name}:${value === undefined ? '-' : Array.isArray(value) ? value.length : '1'};`;
  }
  return shape;
}

/**
 * An `in (…)` list of one of a few lengths, the powers of two, its last value repeated: each length
 * is a shape of the query (a query compiled and a statement prepared), 14 at most for the 5,001
 * ids of a comment search.
 */
export function padded<T extends Value>(list: readonly T[]): readonly T[] {
  if (list.length === 0) return list;
  const length = 2 ** Math.ceil(Math.log2(list.length));
  return length === list.length ? list : [...list, ...Array<T>(length - list.length).fill(list.at(-1)!)];
}

const readsBeside = new WeakMap<Database, ReadsBesideKysely>();

/**
 * Gives the queries compiled once on `db` ways to read beside Kysely's executor: `readAtOnce` on
 * the calling turn when it can, since the executor's promises, a handful a query, let other
 * requests' work in between, and on the server a rare search paid more for them than for its
 * statements (ADR 034); `readOffLoop`, on a thread, for the answers `writtenOnce` (ADR 038); and
 * `rowsOffLoop`, on that thread, for the long reads of rowsOffTheLoop.
 */
export function readsBesideKysely(db: Database, reads: ReadsBesideKysely): void {
  readsBeside.set(db, reads);
}

/** Stands for a value while the query is built; never sent. */
const standIn = (name: string, index?: number) =>
  index === undefined ? `\u0000${name}` : `\u0000${name}\u0000${index}`;

/**
 * A query built and compiled once per database handle and shape, then run with each set of values.
 * Kysely builds and compiles a query at every run. On the server, amid every other query, that
 * cost much more than running it: compiling the session lookup once, the join every signed-in
 * request runs, took a signed-in read of its user from about 9,600 to 16,000 answers a second
 * under 50 clients (docs/decisions/034-queries-compiled-once.md).
 *
 * `build` receives stand-ins for the values, strings whatever their type, and must bind each of
 * them exactly once, as a parameter; anything else throws at the first run of that shape. Other
 * parameters it binds are constants, kept as compiled. It may build a raw `sql` query as well.
 *
 * An answer SQLite writes whole, long to write and quick to hand over, is rather `writtenOnce`.
 * `offLoop`: a read that may hold SQLite long runs as rowsOffTheLoop does.
 */
export function compiledOnce<Row, Values extends ValuesOf<Values> = Record<never, never>>(
  build: (db: Database, values: Values) => Compilable<Row> | RawBuilder<Row>,
  { offLoop = false }: { offLoop?: boolean } = {},
) {
  const runOf = compiledRuns(build);
  return async (
    db: Database,
    ...[values = {} as Values]: Record<never, never> extends Values ? [values?: Values] : [values: Values]
  ): Promise<Row[]> => {
    const run = runOf(db, values);
    return offLoop ? rowsOffTheLoop(db, run) : readHere(db, run);
  };
}

/** An answer SQLite wrote whole, as the bytes to send, compressed already with `encoding` when it says so. */
export interface WrittenAnswer {
  answer: Buffer;
  encoding?: AnswerEncoding;
}

/**
 * A statement compiled once (see compiledOnce) whose one row is an answer SQLite writes whole, its
 * text or its bytes (a blob) in the column `answer` (docs/decisions/037-answers-written-by-sqlite.md),
 * handed back as bytes. It runs on a thread off the event loop when the database has one (ADR 038),
 * and that thread compresses the answer with the client's `encoding` too: the loop then only sends
 * it (docs/decisions/051-written-answers-compressed-where-written.md, which says when text pays).
 * Elsewhere the answer comes back as written, for plugins/json-compression.ts to compress.
 */
export function writtenOnce<Values extends ValuesOf<Values>>(
  build: (db: Database, values: Values) => RawBuilder<{ answer: string | Buffer }>,
) {
  const runOf = compiledRuns(build);
  return async (
    db: Database,
    values: Values,
    encoding: AnswerEncoding | undefined,
  ): Promise<WrittenAnswer> => {
    const run = runOf(db, values);
    const elsewhere = readsBeside.get(db)?.readOffLoop(run, encoding);
    if (elsewhere) return (await elsewhere)[0] as WrittenAnswer;
    const [{ answer }] = (await readHere(db, run)) as [{ answer: string | Buffer }];
    return { answer: Buffer.isBuffer(answer) ? answer : Buffer.from(answer) };
  };
}

/** Reads `run` on the calling turn when it can (ADR 034), else through Kysely. */
async function readHere<Row>(db: Database, run: CompiledQuery<Row>): Promise<Row[]> {
  return (
    (readsBeside.get(db)?.readAtOnce(run) as Row[] | undefined) ?? (await db.executeQuery<Row>(run)).rows
  );
}

/**
 * Reads `query` on the thread SQLite writes answers on (ADR 038), off the event loop, and hands
 * its rows back: for a read that may hold SQLite for tens of milliseconds, whose rows are few
 * (docs/decisions/055-comment-searches-off-the-loop.md). Through Kysely where there is no such
 * thread: PostgreSQL, a transaction (the read must see its rows), a database in memory.
 */
export async function rowsOffTheLoop<Row>(
  db: Database,
  query: Compilable<Row> | CompiledQuery<Row>,
): Promise<Row[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  const elsewhere = readsBeside.get(db)?.rowsOffLoop(compiled);
  return elsewhere ? ((await elsewhere) as Row[]) : (await db.executeQuery<Row>(compiled)).rows;
}

/** The query `build` makes, compiled once per database handle and shape, with each run's values bound. */
function compiledRuns<Row, Values extends ValuesOf<Values>>(
  build: (db: Database, values: Values) => Compilable<Row> | RawBuilder<Row>,
) {
  const compiled = new WeakMap<Database, Map<string, Compiled<Row>>>();
  return (db: Database, values: Values): CompiledQuery<Row> => {
    let shapes = compiled.get(db);
    if (!shapes) compiled.set(db, (shapes = new Map<string, Compiled<Row>>()));
    const named: QueryValues = values;
    const shape = shapeOf(named);
    let entry = shapes.get(shape);
    if (!entry) shapes.set(shape, (entry = compile(db, build, values)));
    const { query, sources } = entry;
    const parameters = sources.map((source, index) => {
      if (!source) return query.parameters[index];
      const value = named[source[0]];
      return source[1] === undefined ? value : (value as readonly Value[])[source[1]];
    });
    return { ...query, parameters };
  };
}

function compile<Row, Values extends ValuesOf<Values>>(
  db: Database,
  build: (db: Database, values: Values) => Compilable<Row> | RawBuilder<Row>,
  values: Values,
): Compiled<Row> {
  const standIns: Record<string, string | string[] | undefined> = {};
  const sourceOf = new Map<string, Source>();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      standIns[name] = value.map((_, index) => standIn(name, index));
      value.forEach((_, index) => sourceOf.set(standIn(name, index), [name, index]));
    } else {
      standIns[name] = standIn(name);
      sourceOf.set(standIn(name), [name, undefined]);
    }
  }
  const built = build(db, standIns as unknown as Values);
  // A raw query (`sql`) is compiled by the database it runs on; a query builder knows it already.
  const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  if (isPostgres(db)) prepareOnce(query.sql);
  const sources = query.parameters.map((parameter) =>
    typeof parameter === 'string' ? sourceOf.get(parameter) : undefined,
  );
  const bound = sources.filter((source) => source !== undefined).map(([name, index]) => standIn(name, index));
  if (bound.length !== sourceOf.size || new Set(bound).size !== sourceOf.size)
    throw new Error('compiledOnce: each value must be bound exactly once, as a parameter');
  return { query, sources };
}
