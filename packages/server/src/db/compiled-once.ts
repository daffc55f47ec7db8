import type { Compilable, CompiledQuery } from 'kysely';
import type { Database } from './database.ts';

type Value = string | number;

/** Stands for the `index`th parameter while the query is built; never sent. */
const placeholder = (index: number) => `\u0000parameter ${index}`;

/**
 * A query of a fixed shape, built and compiled once per database handle, then run with each set of
 * values. Kysely builds and compiles a query at every run. On the server, amid every other query,
 * that cost much more than running it: compiling the session lookup once, the join every signed-in
 * request runs, took a signed-in read of its user from about 9,600 to 16,000 answers a second
 * under 50 clients (docs/decisions/034-queries-compiled-once.md).
 *
 * `build` receives stand-ins for the values and must bind each of them exactly once, as a
 * parameter; anything else throws at the first run. The other parameters it binds are constants,
 * kept as compiled.
 */
export function compiledOnce<Row, Values extends Value[] = []>(
  build: (db: Database, ...values: Values) => Compilable<Row>,
) {
  const compiled = new WeakMap<Database, { query: CompiledQuery<Row>; sources: number[] }>();
  return async (db: Database, ...values: Values): Promise<Row[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compile(db, build, values.length);
      compiled.set(db, entry);
    }
    const { query, sources } = entry;
    const parameters = sources.map((source, index) =>
      source < 0 ? query.parameters[index] : values[source],
    );
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/** The compiled query, and for each of its parameters the index of its value, -1 for a constant. */
function compile<Row, Values extends Value[]>(
  db: Database,
  build: (db: Database, ...values: Values) => Compilable<Row>,
  count: number,
) {
  const standIns = Array.from({ length: count }, (_, index) => placeholder(index));
  const query = build(db, ...(standIns as Values)).compile();
  const sources = query.parameters.map((parameter) => standIns.indexOf(parameter as string));
  const bound = sources.filter((source) => source >= 0);
  if (bound.length !== count || new Set(bound).size !== count)
    throw new Error('compiledOnce: each value must be bound exactly once, as a parameter');
  return { query, sources };
}
