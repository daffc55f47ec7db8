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

/**
 * 100 clients for 30 s on lists, searches and the dashboard while one writer adds videos with
 * real images, against the real server; then the same clients on the floor server answering the
 * same bodies. Zero errors and zero lost writes are the pass; the rest are figures.
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
      return { label: url, url: `${base}${url}`, init: { headers: signedIn ? session.headers(caller) : {} } };
    };
  const creatorCookie = session.cookies.creator!;

  const acknowledged: string[] = [];
  const writeFailures: string[] = [];
  const writeDurations: number[] = [];
  let writing = true;
  async function writer() {
    for (let n = 0; writing; n += 1) {
      const started = performance.now();
      try {
        const { status, id } = await addVideo(
          server.base,
          creatorCookie,
          `Écrite pendant la charge ${n}`,
          category,
        );
        if (status === 201 && id) acknowledged.push(id);
        else writeFailures.push(`POST /api/videos: ${status}`);
      } catch (error) {
        writeFailures.push(`POST /api/videos: ${(error as Error).message}`);
      }
      writeDurations.push(performance.now() - started);
    }
  }

  await server.resetProbe();
  const writes = writer();
  const loaded = await drive({ clients: CLIENTS, seconds: SECONDS, request: readRequest(server.base, true) });
  writing = false;
  await writes;
  const probe = server.probe();

  const check = new SQLite(catalogue.databaseFile, { readonly: true });
  const has = check.prepare('select 1 from videos where id = ?').pluck();
  const lost = acknowledged.filter((id) => has.get(id) === undefined);
  check.close();

  const bodies: Record<string, string> = {};
  for (const { url, caller } of reads) {
    bodies[url] = await (await fetch(`${server.base}${url}`, { headers: session.headers(caller) })).text();
  }
  const floor = await startFloorServer(catalogue.dataDir, bodies);
  const floorRun = await drive({
    clients: CLIENTS,
    seconds: FLOOR_SECONDS,
    request: readRequest(floor.base, false),
  });
  await floor.stop();

  const allReads = summarise([...loaded.durations.values()].flat());
  const throughput = loaded.total / loaded.elapsedSeconds;
  const floorThroughput = floorRun.total / floorRun.elapsedSeconds;
  const failures = [...loaded.failures, ...writeFailures];
  const summary: Row[] = [
    {
      clients: CLIENTS,
      'durée (s)': Math.round(loaded.elapsedSeconds),
      'lectures/s': Math.round(throughput),
      'plancher lectures/s': Math.round(floorThroughput),
      'part du plancher': `${((100 * throughput) / floorThroughput).toFixed(0)} %`,
      'lectures p50': ms(allReads.p50),
      'lectures p99': ms(allReads.p99),
      'vidéos ajoutées': acknowledged.length,
      'ajout p50': ms(summarise(writeDurations).p50),
      erreurs: failures.length,
      'écritures perdues': lost.length,
      'boucle max': ms(probe.maxMs),
      'boucle p99': ms(probe.p99Ms),
      'RSS max (Mo)': probe.peakRssMb,
    },
  ];
  const perOperation: Row[] = reads.map(({ label, url }) => {
    const figures = summarise(loaded.durations.get(url) ?? []);
    return { opération: label, requêtes: figures.count, p50: ms(figures.p50), p99: ms(figures.p99) };
  });
  if (failures.length > 0) console.log(`Premières erreurs : ${failures.slice(0, 5).join(' | ')}`);
  return { summary, perOperation, ok: failures.length === 0 && lost.length === 0 };
}
