import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Row } from './results.ts';
import sharp from 'sharp';
import { signInAdmin } from '../test/server-process.ts';
import { startBenchServer } from './servers.ts';

const SAVES = Number(process.env.UPLOAD_SAVES ?? 40);
const PASSWORD = 'mot-de-passe-du-banc';

/** A server process's resident memory now, and its peak since it started, in MB (Linux /proc). */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kilobytes('VmRSS') / 1024, peak: kilobytes('VmHWM') / 1024 };
}

/** A photo of about 14 MB: full of noise, so JPEG cannot shrink it. */
function largePhoto() {
  return sharp({
    create: {
      width: 5000,
      height: 3080,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A creator of their own signed in to the back-office, made through the API like any other. */
async function creatorCookie(base: string, adminCookie: string, index: number) {
  const email = `banc-${index}@exemple.fr`;
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/api/public/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, pseudonym: `banc${index}`, password: PASSWORD, accept_terms: true }),
  });
  await fetch(`${base}/api/creators`, {
    method: 'POST',
    headers: { ...json, cookie: adminCookie },
    body: JSON.stringify({ email }),
  });
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('coulisses_session='));
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookie.split(';')[0]!;
}

/**
 * 40 creators save their page at once, each with two 14 MB images, against the real server (its
 * own process, default upload limits). Prints the server's resident memory at rest and its peak.
 */
export async function benchUploadMemory(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coulisses-upload-'));
  const server = await startBenchServer(dataDir, { SIGN_IN_RATE_LIMIT: '10000' });
  try {
    const adminCookie = await signInAdmin(server.base);
    const cookies: string[] = [];
    for (let i = 0; i < SAVES; i += 1) cookies.push(await creatorCookie(server.base, adminCookie, i));
    const photo = new Blob([new Uint8Array(await largePhoto())], { type: 'image/jpeg' });
    const atRest = memoryOf(server.child.pid!);

    const started = performance.now();
    const statuses = await Promise.all(
      cookies.map(async (cookie, i) => {
        const form = new FormData();
        form.append('data', JSON.stringify({ bio: `Sauvegarde ${i}` }));
        form.append('horizontal', photo, 'h.jpg');
        form.append('vertical', photo, 'v.jpg');
        try {
          const response = await fetch(`${server.base}/api/page`, {
            method: 'PUT',
            headers: { cookie },
            body: form,
          });
          await response.arrayBuffer();
          return String(response.status);
        } catch {
          return 'coupée';
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const after = memoryOf(server.child.pid!);
    const tally = Object.fromEntries(
      [...new Set(statuses)].sort().map((status) => [status, statuses.filter((s) => s === status).length]),
    );
    return [
      {
        enregistrements: SAVES,
        'taille image (Mo)': Number((photo.size / 1024 / 1024).toFixed(1)),
        'RSS au repos (Mo)': Math.round(atRest.rss),
        'RSS pic (Mo)': Math.round(after.peak),
        'RSS après (Mo)': Math.round(after.rss),
        'durée (s)': Number(elapsed.toFixed(1)),
        ...Object.fromEntries(Object.entries(tally).map(([status, n]) => [`réponses ${status}`, n])),
      },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
