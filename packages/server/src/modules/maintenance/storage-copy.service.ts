import type { AppContext } from '../../context.ts';
import type { Storage } from '../../lib/storage.ts';

export interface CopyReport {
  copied: number;
  /** Files the target already held with the same size. */
  present: number;
}

/**
 * Copies every live file of `source` (never its trash) into the context's storage. A file the
 * target already holds with the same size is skipped: keys are never rewritten with other bytes,
 * so an interrupted copy resumes where it stopped and a second run copies nothing.
 */
export async function copyStorageInto(
  { storage: target }: AppContext,
  source: Storage,
  progress: (line: string) => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0 };
  for await (const key of source.list()) {
    const size = await source.size(key);
    // Removed since it was listed: nothing left to copy.
    if (size === null) continue;
    if ((await target.size(key)) === size) {
      report.present += 1;
      progress(`Déjà présent : ${key}`);
      continue;
    }
    const data = await source.read(key);
    if (data === null) continue;
    await target.put(key, data);
    report.copied += 1;
    progress(`Copié : ${key}`);
  }
  return report;
}
