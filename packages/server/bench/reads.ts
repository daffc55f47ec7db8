import { bareSqlRecorder } from './bare-sql.ts';
import type { Catalogue } from './catalogue.ts';
import { drive } from './http-driver.ts';
import { SEARCH_TARGET, type BenchSession, type Caller } from './operations.ts';
import type { Row } from './results.ts';
import { startFloorServer, type ProbedServer } from './servers.ts';
import { medianRound, ms, spread, summarise } from './stats.ts';

const WARM_UP = 20;
/**
 * Requests timed per read, one at a time. Of 200, the p99 was the second slowest, and two slow
 * requests in a run (a full collection of the server's heap holds it 5 to 13 ms) put « mes vidéos »
 * at 5.1× and 6.5× its floor in two runs, 2.0× in the one before. Of 1,000 it is the tenth.
 */
export const MEASURED = 1000;
const SEARCH_CLIENTS = 50;
const SEARCH_SECONDS = 5;
/**
 * Fifty new connections and the paths they take are slow at first: on the same server, a rare
 * e-mail's first 5 s gave a p99 of 55 ms, the next ones 29 to 31 ms. The sequential reads leave
 * out their first WARM_UP requests; these leave out their first second, floor included.
 */
const SEARCH_WARM_UP_SECONDS = 1;
/**
 * Rounds of each search under 50 clients, the server's and the floor's in turn. One 5 s window
 * swung by a fifth from run to run (a discount title's p99 30.8 ms, then 25.7 ms; PostgreSQL's rare
 * e-mail 39.5, then 29.6): the table gives the median round and the spread of all of them.
 */
const SEARCH_ROUNDS = 3;

/** How the table of the searches under 50 clients was taken, for bench/results.md. */
export const SEARCH_ROUNDS_NOTE = `Chaque recherche en ${SEARCH_ROUNDS} tours de ${SEARCH_SECONDS} s (après ${SEARCH_WARM_UP_SECONDS} s de mise en route), le serveur et le plancher tour à tour : le tour médian par son p99, et l'écart des p99 de tous les tours.`;

const ratio = (value: number, floor: number) => `${(value / floor).toFixed(1)}×`;

/**
 * Each read of the issue, one request at a time, against the real server, against the floor
 * server answering the same body, and as the bare SQL it runs; then the searches under 50
 * concurrent clients. Answers the two tables of bench/results.md.
 */
export async function benchReads(server: ProbedServer, catalogue: Catalogue, session: BenchSession) {
  const { operations, cookies, headers: operationHeaders } = session;

  const bodies: Record<string, string> = {};
  for (const operation of operations) {
    const response = await fetch(`${server.base}${operation.url}`, {
      headers: operationHeaders(operation.caller),
    });
    if (!response.ok) throw new Error(`${operation.label}: ${response.status}`);
    bodies[operation.url] = await response.text();
  }
  const floor = await startFloorServer(catalogue.dataDir, bodies);
  const recorder = await bareSqlRecorder(catalogue);

  /**
   * The server and the floor answering `url` in turn, one request at a time: the machine is shared
   * and its pauses come and go over seconds, and timed one after the other, a thousand requests
   * each, the floor's p99 swung from 0.9 to 2.6 ms for the same body while the server's did not.
   * Taken in turn, both meet the same pauses. The floor never says it sent a kept answer.
   */
  async function alternated(url: string, caller: Caller) {
    const turns = { server: server.base, floor: floor.base };
    const result = await drive({
      clients: 1,
      perClient: 2 * (WARM_UP + MEASURED),
      request: (turn) => {
        const side = turn % 2 === 0 ? 'server' : 'floor';
        return {
          label: side,
          url: `${turns[side]}${url}`,
          headers: operationHeaders(side === 'server' ? caller : 'visitor'),
        };
      },
    });
    if (result.failures.length > 0) throw new Error(result.failures[0]);
    const timed = (side: keyof typeof turns) => {
      const durations = result.durations.get(side)!.slice(WARM_UP);
      return { ...summarise(durations), durations };
    };
    const real = timed('server');
    return {
      real: {
        ...real,
        kept: result.kept / (result.total / 2),
        perSecond: (1000 * real.durations.length) / real.durations.reduce((a, b) => a + b, 0),
      },
      constant: timed('floor'),
    };
  }

  const sequentialRows: Row[] = [];
  try {
    for (const operation of operations) {
      const { real, constant } = await alternated(operation.url, operation.caller);
      const statements = await recorder.statementsOf(operation.url, cookies[operation.caller]);
      const sqlTimes: number[] = [];
      for (let run = 0; run < WARM_UP + MEASURED; run += 1) sqlTimes.push(await recorder.timeOf(statements));
      const bare = summarise(sqlTimes.slice(WARM_UP));
      sequentialRows.push({
        opération: operation.label,
        'req/s': Math.round(real.perSecond),
        p50: ms(real.p50),
        p99: ms(real.p99),
        'corps constant p50': ms(constant.p50),
        'SQL seul p50': ms(bare.p50),
        'plancher p50': ms(constant.p50 + bare.p50),
        'plancher p99': ms(constant.p99 + bare.p99),
        'rapport p50': ratio(real.p50, constant.p50 + bare.p50),
        'rapport p99': ratio(real.p99, constant.p99 + bare.p99),
        resservie: `${Math.round(100 * real.kept)} %`,
        Ko: Math.round(Buffer.byteLength(bodies[operation.url]!) / 1024),
        cible: operation.target,
      });
      console.log(`  ${operation.label} : p50 ${ms(real.p50)}, p99 ${ms(real.p99)}`);
    }
  } finally {
    await recorder.close();
  }

  async function concurrent(base: string, url: string, caller: Caller) {
    const request = () => ({ label: url, url: `${base}${url}`, headers: operationHeaders(caller) });
    await drive({ clients: SEARCH_CLIENTS, seconds: SEARCH_WARM_UP_SECONDS, request });
    const result = await drive({ clients: SEARCH_CLIENTS, seconds: SEARCH_SECONDS, request });
    return {
      ...summarise(result.durations.get(url) ?? []),
      perSecond: result.total / result.elapsedSeconds,
      failures: result.failures.length,
    };
  }

  const concurrentRows: Row[] = [];
  try {
    for (const operation of operations.filter((entry) => entry.label.startsWith('recherche'))) {
      const reals: Awaited<ReturnType<typeof concurrent>>[] = [];
      const constants: Awaited<ReturnType<typeof concurrent>>[] = [];
      for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
        reals.push(await concurrent(server.base, operation.url, operation.caller));
        constants.push(await concurrent(floor.base, operation.url, 'visitor'));
      }
      const real = medianRound(reals);
      const constant = medianRound(constants);
      concurrentRows.push({
        opération: operation.label,
        clients: SEARCH_CLIENTS,
        'req/s': Math.round(real.perSecond),
        p50: ms(real.p50),
        p99: ms(real.p99),
        'p99 des tours': spread(reals.map((round) => round.p99)),
        'corps constant req/s': Math.round(constant.perSecond),
        'corps constant p99': ms(constant.p99),
        erreurs: reals.reduce((sum, round) => sum + round.failures, 0),
        cible: SEARCH_TARGET,
      });
    }
  } finally {
    await floor.stop();
  }
  return { sequentialRows, concurrentRows };
}
