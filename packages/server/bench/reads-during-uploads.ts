import fs from 'node:fs';
import os from 'node:os';
import { signInAs } from '../test/server-process.ts';
import { demoCatalogue } from './catalogue.ts';
import { drive, type DriveResult } from './http-driver.ts';
import { addVideo } from './operations.ts';
import { photo } from './photo.ts';
import type { Row } from './results.ts';
import { ms, summarise } from './stats.ts';
import { startBenchServer } from './servers.ts';

const READERS = 20;
/** Each reader's pause between two reads, on average: about 400 reads a second in all. */
const PAUSE_MS = 50;
const SECONDS = 15;
/** The demo catalogue's videos, and its subscribers. */
const VIDEOS = 1000;
/** What the back-office and the app read most, each answered by the event loop. */
const READS = ['/api/videos', '/api/stats/dashboard', '/api/public/videos', '/api/video-categories'];

/**
 * The real server's API reads (its own process), alone and then while the demo's creator adds
 * videos with two 12-megapixel photos each, as many at once as the image queue takes (one per
 * core): the event loop answers the reads while libvips's threads take the cores
 * (docs/decisions/043-image-threads-yield-to-the-loop.md). Prints numbers only.
 */
export async function benchReadsDuringUploads(): Promise<{ intro: string; rows: Row[]; note: string }> {
  const catalogue = await demoCatalogue({ videos: VIDEOS, subscribers: VIDEOS, discounts: 10 });
  const server = await startBenchServer(catalogue.dataDir);
  try {
    const creator = await signInAs(server.base, catalogue.creator);
    const headers = { cookie: await signInAs(server.base, catalogue.superadmin) };
    const [category] = (await (await fetch(`${server.base}/api/video-categories`, { headers })).json()) as {
      id: string;
    }[];
    const phonePhotos = Promise.all([photo(4000, 3000), photo(3000, 4000)]);

    const read = (): Promise<DriveResult> =>
      drive({
        clients: READERS,
        seconds: SECONDS,
        pauseMs: PAUSE_MS,
        request: (turn) => ({
          label: 'lecture',
          url: `${server.base}${READS[turn % READS.length]!}`,
          headers,
        }),
      });
    const quiet = await read();

    let uploading = true;
    const uploads: number[] = [];
    const refused: number[] = [];
    const uploader = async (index: number) => {
      for (let turn = 0; uploading; turn += 1) {
        const started = performance.now();
        const title = `Envoi ${index}-${turn}`;
        const { status } = await addVideo(server.base, creator, title, category!.id, phonePhotos);
        if (status === 201) uploads.push(performance.now() - started);
        else refused.push(status);
      }
    };
    const uploaders = Array.from({ length: os.availableParallelism() }, (_, index) => uploader(index));
    const during = await read();
    uploading = false;
    await Promise.all(uploaders);

    const rows = [
      ['sans envoi', quiet],
      [`pendant ${uploaders.length} envois à la fois`, during],
    ] as const;
    const table = rows.map(([label, { durations, failures }]) => {
      const summary = summarise([...durations.values()].flat());
      return {
        lectures: label,
        requêtes: summary.count,
        médiane: ms(summary.p50),
        p95: ms(summary.p95),
        p99: ms(summary.p99),
        erreurs: failures.length,
      };
    });
    const added = summarise(uploads);
    return {
      intro: `Serveur réel dans son propre processus, sur la démo (${VIDEOS.toLocaleString('fr-FR')} vidéos). ${READERS} clients lisent l'API (${READS.map((url) => `\`${url}\``).join(', ')}), une lecture toutes les ${PAUSE_MS} ms en moyenne chacun, ${SECONDS} s seuls, puis ${SECONDS} s pendant que le créateur de la démo ajoute des vidéos avec deux photos de 12 Mpx, autant à la fois que de cœurs. Les fils de libvips cèdent leur cœur à la boucle d'événements, qui répond aux lectures (docs/decisions/043-image-threads-yield-to-the-loop.md).`,
      rows: table,
      note: `Envois : ${added.count} vidéos ajoutées avec deux photos de 12 Mpx, en ${ms(added.p50)} chacune (médiane) ; ${refused.length} refusées.`,
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(catalogue.dataDir, { recursive: true, force: true });
  }
}
