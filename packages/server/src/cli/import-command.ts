import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { invocationDir } from '../config/env.ts';
import { importFromFirebase } from '../modules/firebase-import/firebase-import.service.ts';
import { formatReport } from '../modules/firebase-import/import-report.ts';
import { FirebaseImportError } from '../modules/firebase-import/firestore-export.ts';

export interface ImportFlags {
  firestore?: string;
  auth?: string;
  'hash-config'?: string;
  'dry-run': boolean;
  merge: boolean;
  'fetch-images': boolean;
}

const readArgument = (file: string | undefined) =>
  file === undefined ? undefined : fs.readFile(path.resolve(invocationDir(), file), 'utf8');

/**
 * `import firebase`: prints the report; fails (exit code 1) only when the export holds nothing
 * importable, so a report with a few documents left out, or a second `--merge` run that finds
 * everything already here, still succeeds.
 */
export async function importFirebaseCommand(context: AppContext, flags: ImportFlags) {
  const [firestore, auth, hashConfig] = await Promise.all([
    readArgument(flags.firestore),
    readArgument(flags.auth),
    readArgument(flags['hash-config']),
  ]);
  if (firestore === undefined) throw new FirebaseImportError('--firestore <export.json> est requis.');
  const { report, found } = await importFromFirebase(
    context,
    { firestore, auth, hashConfig },
    { dryRun: flags['dry-run'], merge: flags.merge, fetchImages: flags['fetch-images'] },
  );
  const title = flags['dry-run']
    ? 'Essai : rien n’a été écrit. Voici ce que l’import ferait.'
    : 'Import terminé.';
  return { ok: found > 0, text: `${title}\n\n${formatReport(report)}` };
}
