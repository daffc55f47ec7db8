import SQLite from 'better-sqlite3';
import type { Catalogue } from './catalogue.ts';
import { drive, type BenchRequest } from './http-driver.ts';
import { addVideo, type BenchSession } from './operations.ts';
import type { Row } from './results.ts';
import { startFloorServer, type ProbedServer } from './servers.ts';
import { ms, summarise } from './stats.ts';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const FLOOR_SECONDS = 10;
/** A person's pace: one request a second on average, so 100 people send about 100 a second. */
const HUMAN_PAUSE_MS = 1000;

/** The two ways 100 clients load the server: back to back (its capacity), and at a person's pace. */
const PHASES = [
  { name: 'sans pause (capacité)', pauseMs: 0 },
  { name: 'une requête par seconde et par client', pauseMs: HUMAN_PAUSE_MS },
] as const;

/** A figure of the scheduler's, absent where the kernel keeps none (bench/event-loop-probe.mjs). */
const msOrDash = (value: number | undefined) => (value === undefined ? '—' : ms(value));

/**
 * 100 clients for 30 s on lists, searches and the dashboard while one writer adds videos with
 * real images, against the real server; then the same clients on the floor server answering the
 * same bodies. Twice: back to back, where throughput is the figure (a closed loop of 100 clients
 * waits in line, so its latency is 100 / throughput, the floor's included), then at a person's
 * pace, where latency and the event loop are. Zero errors and zero lost writes are the pass.
 */
export async function benchLoad(server: ProbedServer, catalogue: Catalogue, session: BenchSession) {
  const sqlite = new SQLite(catalogue.databaseFile, { readonly: true });
  const category = sqlite
    .prepare('select id from video_categories order by id limit 1')
    .pluck()
    .get() as string;
  sqlite.close();
  // Every read of the sequential run but the creator's own list: the writer is that creator.
  const reads = session.operations.filter((operation) => operation.caller !== 'creator');
  const readRequest =
    (base: string, signedIn: boolean) =>
    (turn: number): BenchRequest => {
      const { url, caller } = reads[turn % reads.length]!;
      return { label: url, url: `${base}${url}`, headers: signedIn ? session.headers(caller) : {} };
    };
  const creatorCookie = session.cookies.creator!;

  const bodies: Record<string, string> = {};
  for (const { url, caller } of reads) {
    bodies[url] = await (await fetch(`${server.base}${url}`, { headers: session.headers(caller) })).text();
  }

  const acknowledged: string[] = [];
  const failures: string[] = [];
  const summary: Row[] = [];
  const perOperation = new Map<string, Row>(reads.map(({ label }) => [label, { opération: label }]));
  let written = 0;
  for (const phase of PHASES) {
    const writeDurations: number[] = [];
    const addedBefore = acknowledged.length;
    let writing = true;
    const writer = async () => {
      while (writing) {
        const started = performance.now();
        try {
          const { status, id } = await addVideo(
            server.base,
            creatorCookie,
            `Écrite pendant la charge ${(written += 1)}`,
            category,
          );
          if (status === 201 && id) acknowledged.push(id);
          else failures.push(`POST /api/videos: ${status}`);
        } catch (error) {
          failures.push(`POST /api/videos: ${(error as Error).message}`);
        }
        writeDurations.push(performance.now() - started);
        if (phase.pauseMs) await new Promise((resolve) => setTimeout(resolve, phase.pauseMs));
      }
    };

    await server.resetProbe();
    const writes = writer();
    const loaded = await drive({
      clients: CLIENTS,
      seconds: SECONDS,
      pauseMs: phase.pauseMs,
      request: readRequest(server.base, true),
    });
    writing = false;
    await writes;
    const probe = server.probe();
    failures.push(...loaded.failures);

    const floor = await startFloorServer(catalogue.dataDir, bodies);
    const floorRun = await drive({
      clients: CLIENTS,
      seconds: FLOOR_SECONDS,
      pauseMs: phase.pauseMs,
      request: readRequest(floor.base, false),
    });
    await floor.stop();

    const allReads = summarise([...loaded.durations.values()].flat());
    const floorReads = summarise([...floorRun.durations.values()].flat());
    const throughput = loaded.total / loaded.elapsedSeconds;
    const floorThroughput = floorRun.total / floorRun.elapsedSeconds;
    summary.push({
      charge: phase.name,
      clients: CLIENTS,
      'lectures/s': Math.round(throughput),
      'plancher lectures/s': Math.round(floorThroughput),
      'part du plancher': `${((100 * throughput) / floorThroughput).toFixed(0)} %`,
      'lectures resservies': `${((100 * loaded.kept) / loaded.total).toFixed(0)} %`,
      'lectures p50': ms(allReads.p50),
      'lectures p99': ms(allReads.p99),
      'plancher p50': ms(floorReads.p50),
      'plancher p99': ms(floorReads.p99),
      'vidéos ajoutées': acknowledged.length - addedBefore,
      'ajout p50': ms(summarise(writeDurations).p50),
      'boucle max': ms(probe.maxMs),
      'pire écart entre tics': msOrDash(probe.worstTickGapMs),
      "dont attente d'un cœur": msOrDash(probe.waitedAtWorstMs),
      'dont calcul': msOrDash(probe.ranAtWorstMs),
      "dont vol de l'hôte": msOrDash(probe.stolenAtWorstMs),
      'boucle occupée max': msOrDash(probe.longestRunMs),
      'boucle p99': ms(probe.p99Ms),
      'RSS max (Mo)': probe.peakRssMb,
      'dont tas V8 (Mo)': probe.heapAtPeakMb,
    });
    for (const { label, url } of reads) {
      const figures = summarise(loaded.durations.get(url) ?? []);
      Object.assign(perOperation.get(label)!, {
        [`${phase.name} p50`]: ms(figures.p50),
        [`${phase.name} p99`]: ms(figures.p99),
      });
    }
  }

  const check = new SQLite(catalogue.databaseFile, { readonly: true });
  const has = check.prepare('select 1 from videos where id = ?').pluck();
  const lost = acknowledged.filter((id) => has.get(id) === undefined);
  check.close();
  const verdict = `Erreurs : ${failures.length}. Écritures perdues : ${lost.length} sur ${acknowledged.length} vidéos ajoutées.`;
  if (failures.length > 0) console.log(`Premières erreurs : ${failures.slice(0, 5).join(' | ')}`);
  return {
    summary,
    perOperation: [...perOperation.values()],
    verdict,
    ok: failures.length === 0 && lost.length === 0,
  };
}
