import { BenchConnection } from './http-connection.ts';

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

  async function client(index: number) {
    let connection: { origin: string; to: BenchConnection } | undefined;
    // People arrive one by one, not all in the same millisecond.
    if (options.pauseMs)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * options.pauseMs!));
    for (let sent = 0; sent < perClient && Date.now() < deadline; sent += 1) {
      const { label, url, headers } = options.request(index + sent * options.clients);
      const started = performance.now();
      try {
        const { origin, hostname, port, pathname, search } = new URL(url);
        if (connection?.origin !== origin) {
          connection?.to.close();
          connection = { origin, to: new BenchConnection(hostname, Number(port || 80)) };
        }
        const response = await connection.to.get(`${pathname}${search}`, {
          'accept-encoding': ACCEPT_ENCODING,
          ...headers,
        });
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
    connection?.to.close();
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  return { durations, failures, elapsedSeconds: (performance.now() - started) / 1000, total, kept };
}
