import http from 'node:http';

/** One request of a benchmark client: a label for the figures, a URL and its headers. */
export interface BenchRequest {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

export interface DriveResult {
  durations: Map<string, number[]>;
  failures: string[];
  elapsedSeconds: number;
  total: number;
  /** Answers the server sent from what it kept (Server-Timing `cache;desc="hit"`). */
  kept: number;
}

/** What `fetch` asks for over plain HTTP, so the server compresses as it did for the earlier figures. */
const ACCEPT_ENCODING = 'gzip, deflate';

/**
 * A GET read to its last byte, the body left compressed. The clients share the machine with the
 * server: `fetch` took about 90 % of a core to drive 2,300 requests a second, `node:http` 40 %, so
 * the figures measure the server more than the clients.
 */
function get(url: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<{ status: number; kept: boolean }>((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } },
      (response) => {
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            kept: String(response.headers['server-timing'] ?? '').includes('desc="hit"'),
          }),
        );
        response.resume();
      },
    );
    request.on('error', reject);
  });
}

/**
 * `clients` clients each send requests back to back, for `seconds` or `perClient` requests each:
 * client i sends request(i), request(i + clients)... With `pauseMs`, each client waits between its
 * requests, a random time averaging `pauseMs`, as a person reading the answer would. A request
 * fails on a network error or a status of 400 or more.
 */
export async function drive(options: {
  clients: number;
  seconds?: number;
  perClient?: number;
  pauseMs?: number;
  request: (turn: number) => BenchRequest;
}): Promise<DriveResult> {
  const durations = new Map<string, number[]>();
  const failures: string[] = [];
  const deadline = options.seconds ? Date.now() + options.seconds * 1000 : Infinity;
  const perClient = options.perClient ?? Infinity;
  let total = 0;
  let kept = 0;
  // One kept-alive connection per client, as each person's browser keeps its own.
  const agent = new http.Agent({ keepAlive: true });

  async function client(index: number) {
    // People arrive one by one, not all in the same millisecond.
    if (options.pauseMs)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * options.pauseMs!));
    for (let sent = 0; sent < perClient && Date.now() < deadline; sent += 1) {
      const { label, url, headers } = options.request(index + sent * options.clients);
      const started = performance.now();
      try {
        const response = await get(url, headers ?? {}, agent);
        if (response.kept) kept += 1;
        if (response.status >= 400) failures.push(`${label}: ${response.status}`);
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
      }
      const list = durations.get(label) ?? [];
      list.push(performance.now() - started);
      durations.set(label, list);
      total += 1;
      if (options.pauseMs)
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * options.pauseMs!));
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  agent.destroy();
  return { durations, failures, elapsedSeconds: (performance.now() - started) / 1000, total, kept };
}
