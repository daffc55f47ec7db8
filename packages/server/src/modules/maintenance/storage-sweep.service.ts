import type { AppContext } from '../../context.ts';
import { originalKeyOf } from '../../lib/storage.ts';
import { referencedKeys } from './maintenance.repository.ts';

/**
 * A file younger than this may belong to an upload whose row is not committed yet: an image is
 * written before the transaction that references it.
 */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** Removed files stay this long so a running backup can still copy them. */
const TRASH_KEEP_MS = 24 * 60 * 60 * 1000;

export interface SweepReport {
  orphansRemoved: number;
  trashPurged: number;
  /** Rows pointing at a file that is not there: reported, never invented. */
  missing: string[];
}

/** Removes files no row points at (after a crash mid-upload, say) and purges the old trash. */
export async function sweepStorage({ db, storage }: AppContext, now = Date.now()): Promise<SweepReport> {
  const referenced = await referencedKeys(db);
  let orphansRemoved = 0;
  const present = new Set<string>();
  for await (const key of storage.list()) {
    present.add(key);
    // A thumbnail stays as long as its original does.
    if (referenced.has(originalKeyOf(key))) continue;
    const modifiedAt = await storage.modifiedAt(key);
    if (modifiedAt !== null && modifiedAt < now - ORPHAN_GRACE_MS) {
      await storage.remove(key);
      orphansRemoved += 1;
    }
  }
  const trashPurged = await storage.purgeRemoved(now - TRASH_KEEP_MS);
  const missing = [...referenced].filter((key) => !present.has(key)).sort();
  return { orphansRemoved, trashPurged, missing };
}
