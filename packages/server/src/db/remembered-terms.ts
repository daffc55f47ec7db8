/**
 * Search terms remembered for a while, the oldest forgotten first past a number of them: see
 * db/search-index.ts, where a search index's common terms are.
 */
export class RememberedTerms {
  readonly #since = new Map<string, number>();
  readonly #keptMs: number;
  readonly #most: number;

  constructor(keptMs: number, most: number) {
    this.#keptMs = keptMs;
    this.#most = most;
  }

  /** Whether `term` was remembered less than the kept time before `now`. */
  has(term: string, now: number): boolean {
    const since = this.#since.get(term);
    if (since === undefined) return false;
    if (now - since < this.#keptMs) return true;
    this.#since.delete(term);
    return false;
  }

  /** Remembers `term` from `now`, forgetting the oldest term when there are too many. */
  add(term: string, now: number): void {
    this.#since.delete(term);
    this.#since.set(term, now);
    if (this.#since.size > this.#most) this.#since.delete(this.#since.keys().next().value!);
  }
}
