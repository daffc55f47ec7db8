import type { JournalChanges } from '../schemas/journal.ts';

type Value = JournalChanges[string]['before'];

const sorted = (list: readonly string[]) => [...list].sort().join('\n');

const same = (a: Value, b: Value) =>
  Array.isArray(a) && Array.isArray(b) ? sorted(a) === sorted(b) : a === b;

/**
 * The fields an edit changed, each with its value before and after; lists compare as sets, so
 * the same categories in another order are no change.
 */
export function changedFields(
  before: Readonly<Record<string, Value>>,
  after: Readonly<Record<string, Value | undefined>>,
): JournalChanges {
  const changes: JournalChanges = {};
  for (const field of Object.keys(after)) {
    const next = after[field];
    if (next !== undefined && !same(before[field] ?? null, next)) {
      changes[field] = { before: before[field] ?? null, after: next };
    }
  }
  return changes;
}
