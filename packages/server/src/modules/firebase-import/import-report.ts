/** What the import did with each collection, and every document it left out or changed, by id. */
export interface ImportReport {
  counts: Record<string, { imported: number; skipped: number }>;
  problems: { collection: string; id: string; reason: string }[];
  notes: string[];
}

export function emptyReport(): ImportReport {
  return { counts: {}, problems: [], notes: [] };
}

export function countOf(report: ImportReport, collection: string) {
  report.counts[collection] ??= { imported: 0, skipped: 0 };
  return report.counts[collection];
}

/** Leaves a document out, saying why. */
export function skip(report: ImportReport, collection: string, id: string, reason: string) {
  countOf(report, collection).skipped += 1;
  report.problems.push({ collection, id, reason });
}

/** Keeps a document but says what was not kept of it. */
export function warn(report: ImportReport, collection: string, id: string, reason: string) {
  report.problems.push({ collection, id, reason });
}

/** The report as the command prints it: counts first, then each problem on its own line. */
export function formatReport(report: ImportReport): string {
  const lines = Object.entries(report.counts).map(
    ([collection, { imported, skipped }]) =>
      `${collection} : ${imported} importé(s)${skipped > 0 ? `, ${skipped} ignoré(s)` : ''}`,
  );
  if (report.problems.length > 0) {
    lines.push('', 'À vérifier :');
    lines.push(...report.problems.map(({ collection, id, reason }) => `- ${collection}/${id} : ${reason}`));
  }
  if (report.notes.length > 0) lines.push('', ...report.notes);
  return lines.join('\n');
}
