import { drive, type DriveResult } from './http-driver.ts';
import type { Row } from './results.ts';
import type { ProbedServer } from './servers.ts';
import { ms, summarise } from './stats.ts';

const READERS = 20;
/** Each reader's pause between two reads, on average: about 800 reads a second in all. */
const PAUSE_MS = 20;
/** How long the reads run alone, then beside the other work. */
export const BESIDE_SECONDS = 10;

interface Reads {
  result: DriveResult;
  loopMaxMs: number;
}

/** What the notes say of the readers. */
export function readersNote(urls: readonly string[]): string {
  return `${READERS} clients lisent l'app (${urls.map((url) => `\`${url}\``).join(', ')}), une lecture toutes les ${PAUSE_MS} ms en moyenne chacun, ${BESIDE_SECONDS} s seuls, puis ${BESIDE_SECONDS} s`;
}

/**
 * The app's reads beside a work on the comments: one video's comments, and the lists a phone opens
 * with them; `note` names the video `:id`.
 */
export function appReadsWithComments(videoId: string): { urls: string[]; note: string } {
  const urls = [
    `/api/public/videos/${videoId}/comments`,
    '/api/public/videos',
    '/api/public/featured-videos',
    '/api/public/discounts',
  ];
  return { urls, note: readersNote(urls.map((url) => url.replace(videoId, ':id'))) };
}

/**
 * The app's reads of `urls` at a phone's pace, alone, then beside `work` (started with them, for
 * BESIDE_SECONDS): each read's time and the event loop's longest delay, as rows labelled `alone`
 * and `beside`. The work starts once the probe has started its new measurement: a work that held
 * the loop from its first statement held the probe's reset too, and the reads then began after it.
 * Numbers only.
 */
export async function readsAloneThenBeside<Work>(
  server: ProbedServer,
  urls: readonly string[],
  labels: { alone: string; beside: string },
  work: () => Promise<Work>,
): Promise<{ rows: Row[]; work: Work }> {
  const read = async <Beside>(beside: () => Promise<Beside>) => {
    await server.resetProbe();
    const [result, done] = await Promise.all([
      drive({
        clients: READERS,
        seconds: BESIDE_SECONDS,
        pauseMs: PAUSE_MS,
        request: (turn) => ({ label: 'lecture', url: `${server.base}${urls[turn % urls.length]!}` }),
      }),
      beside(),
    ]);
    const reads: Reads = { result, loopMaxMs: server.probe().maxMs };
    return { reads, done };
  };
  const alone = await read(async () => undefined);
  const beside = await read(work);
  const rows = [
    [labels.alone, alone.reads],
    [labels.beside, beside.reads],
  ] as const;
  return {
    rows: rows.map(([label, { result, loopMaxMs }]) => {
      const summary = summarise(result.durations.get('lecture') ?? []);
      return {
        "lectures de l'app": label,
        requêtes: summary.count,
        médiane: ms(summary.p50),
        p99: ms(summary.p99),
        'boucle max': ms(loopMaxMs),
        erreurs: result.failures.length,
      };
    }),
    work: beside.done,
  };
}
