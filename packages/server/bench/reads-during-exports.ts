import http from 'node:http';
import { drive } from './http-driver.ts';
import type { BenchSession } from './operations.ts';
import { BESIDE_SECONDS, readersNote, readsAloneThenBeside } from './reads-beside.ts';
import type { Row } from './results.ts';
import type { ProbedServer } from './servers.ts';
import { ms, summarise } from './stats.ts';

const EXPORT = '/api/users/export.csv';
const READS = [
  '/api/public/videos',
  '/api/public/featured-videos',
  '/api/public/discounts',
  '/api/public/creators',
];

/** The bytes of one export as they travel to a client accepting `acceptEncoding`. */
function wireBytes(url: string, headers: Record<string, string>, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The app's reads at a phone's pace, alone, then while the superadmin downloads every subscriber
 * as CSV, one export after the other: the export reads its pages in turns of the event loop and is
 * compressed on libuv's pool (lib/csv-stream.ts), so the app's answers wait at most a page. Numbers
 * only.
 */
export async function benchReadsDuringExports(
  server: ProbedServer,
  session: BenchSession,
): Promise<{ rows: Row[]; note: string }> {
  const url = `${server.base}${EXPORT}`;
  const headers = session.headers('superadmin');
  const [plain, gzip] = [await wireBytes(url, headers, 'identity'), await wireBytes(url, headers, 'gzip')];
  const { rows, work: exports } = await readsAloneThenBeside(
    server,
    READS,
    { alone: 'sans export', beside: "pendant des exports d'abonnés à la suite" },
    () => drive({ clients: 1, seconds: BESIDE_SECONDS, request: () => ({ label: 'export', url, headers }) }),
  );
  const exported = summarise(exports.durations.get('export') ?? []);
  const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('fr-FR')} Ko`;
  return {
    rows,
    note: `${readersNote(READS)} pendant que le superadmin télécharge tous les abonnés en CSV (\`${EXPORT}\`), un export après l'autre : ${exported.count} exports, ${ms(exported.p50)} chacun (médiane), ${kb(gzip)} compressés en gzip (${kb(plain)} sans compression), erreurs : ${exports.failures.length}.`,
  };
}
