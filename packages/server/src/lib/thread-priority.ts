import fs from 'node:fs/promises';
import os from 'node:os';

/**
 * The niceness of work that can wait for the event loop: at 10 a thread weighs about a tenth of one
 * at 0 when both want the same core, and runs at full speed when a core is free
 * (docs/decisions/043-image-threads-yield-to-the-loop.md).
 */
export const BACKGROUND_NICENESS = 10;

const THREADS = '/proc/self/task';

/** Each thread's name as last read, by thread id: a thread is read once. */
const namesOf = new Map<number, string>();

/**
 * Gives the process's threads called `name` the background niceness, those not seen before, or
 * leaves them at the process's own when it was started nicer still. Linux sets a niceness per
 * thread; elsewhere there is no `/proc/self/task` and nothing is done.
 */
export async function yieldThreadsNamed(name: string): Promise<void> {
  const niceness = Math.max(BACKGROUND_NICENESS, os.getPriority());
  const tids = await fs.readdir(THREADS).then(
    (entries) => entries.map(Number),
    () => [],
  );
  // A thread that ended frees its id for a new one, to be read again.
  const alive = new Set(tids);
  for (const tid of namesOf.keys()) if (!alive.has(tid)) namesOf.delete(tid);
  for (const tid of tids) {
    if (namesOf.has(tid)) continue;
    const comm = await fs.readFile(`${THREADS}/${tid}/comm`, 'utf8').catch(() => undefined);
    if (comm === undefined) continue;
    namesOf.set(tid, comm.trim());
    if (comm.trim() !== name) continue;
    try {
      os.setPriority(tid, niceness);
    } catch {
      // The thread ended meanwhile.
    }
  }
}
