/** An answer as it was sent: its bytes (compressed or not) and what describes them. */
export interface KeptAnswer {
  body: Buffer;
  /** The Content-Encoding of `body`, when compressed. */
  encoding: string | undefined;
  etag: string;
}

/** Where the content stood when an answer was built: its version, and the French calendar day. */
export interface ContentState {
  version: number;
  day: number;
}

/**
 * What the kept answers may take, keys included: a page of fifty videos is about 4 KB compressed,
 * so a few thousand pages.
 */
export const KEPT_BYTES_MAX = 16 * 1024 * 1024;

/**
 * The public answers of one process, kept for the content state they were built on. They are all
 * dropped as soon as a request sees a newer state: the content version moved (any write, by any
 * process) or the day changed (the running discounts). An answer built on an older state than the
 * one in force is not kept. Past KEPT_BYTES_MAX, the oldest answers go first.
 */
export class PublicAnswers {
  readonly #answers = new Map<string, KeptAnswer & { bytes: number }>();
  #bytes = 0;
  #state: ContentState | undefined;
  readonly #maxBytes: number;

  constructor(maxBytes = KEPT_BYTES_MAX) {
    this.#maxBytes = maxBytes;
  }

  /** Whether `state` is the one in force, after moving to it when it is newer. */
  #isCurrent(state: ContentState): boolean {
    const current = this.#state;
    const newer =
      !current ||
      state.version > current.version ||
      (state.version === current.version && state.day > current.day);
    if (newer) {
      this.#answers.clear();
      this.#bytes = 0;
      this.#state = state;
      return true;
    }
    return state.version === current.version && state.day === current.day;
  }

  /** The answer kept under `key`, if it was built on `state`. */
  find(key: string, state: ContentState): KeptAnswer | undefined {
    return this.#isCurrent(state) ? this.#answers.get(key) : undefined;
  }

  /** Keeps `answer` under `key` unless the content has moved since `state`, the one it was built on. */
  keep(key: string, answer: KeptAnswer, state: ContentState): void {
    if (!this.#isCurrent(state)) return;
    const bytes = answer.body.length + key.length * 2;
    if (bytes > this.#maxBytes) return;
    this.#forget(key);
    this.#answers.set(key, { ...answer, bytes });
    this.#bytes += bytes;
    for (const oldest of this.#answers.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string) {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#answers.delete(key);
    this.#bytes -= kept.bytes;
  }

  /** How many answers are kept, and their bytes. */
  get size() {
    return { answers: this.#answers.size, bytes: this.#bytes };
  }
}
