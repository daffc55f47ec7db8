/** Percentile of an ascending-sorted list of durations. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarise(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The round whose p99 is the median of the rounds'. */
export function medianRound<Round extends { p99: number }>(rounds: Round[]): Round {
  return [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
}

/** The lowest and highest of the rounds' figures, as « 21.4 à 25.0 ms ». */
export function spread(values: number[]): string {
  return `${Math.min(...values).toFixed(1)} à ${ms(Math.max(...values))}`;
}
