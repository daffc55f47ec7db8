import path from 'node:path';
import { parseArgs } from 'node:util';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@coulisses/domain/constants/limits';
import { EmailSchema } from '@coulisses/domain/schemas/common';
import { databaseConfig } from '../config/database-env.ts';
import { ConfigError, invocationDir, loadConfig } from '../config/env.ts';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { AppError } from '../lib/errors.ts';
import { diskFilesRoot, diskStorage } from '../lib/disk-storage.ts';
import { openStorage } from '../lib/open-storage.ts';
import { resetPassword } from '../modules/accounts/accounts.service.ts';
import { createAccount } from '../modules/creators/creators.service.ts';
import { BackupError, backupTo, restoreFrom } from '../modules/maintenance/backup.service.ts';
import { copyDatabaseTo, DatabaseCopyError } from '../modules/maintenance/database-copy.service.ts';
import { copyStorageInto } from '../modules/maintenance/storage-copy.service.ts';
import { sweepStorage } from '../modules/maintenance/storage-sweep.service.ts';
import { FirebaseImportError } from '../modules/firebase-import/firestore-export.ts';
import { DEFAULT_DEMO_SIZE, DemoError, demoSize } from '../modules/demo/demo-plan.ts';
import { demoCommand } from './demo-command.ts';
import { importFirebaseCommand } from './import-command.ts';
import { JournalExportError, journalExportCommand } from './journal-command.ts';
import { PasswordInputError, readPassword } from './read-password.ts';

const USAGE = `Utilisation :
  npm run cli -- user add <email> [--password <mot de passe>] [--creator] [--superadmin]
  npm run cli -- user password <email> [--password <mot de passe>]
                      sans --password, le mot de passe est demandé (ou lu sur l’entrée standard)
  npm run cli -- storage sweep
  npm run cli -- db copy --to <postgres://...>
  npm run cli -- storage copy --to-s3
  npm run cli -- backup <fichier>
  npm run cli -- restore <fichier>
  npm run cli -- import firebase --firestore <export.json> [--auth <users.json> --hash-config <config.json>]
                                 [--dry-run] [--merge] [--fetch-images]
  npm run cli -- journal export --since <AAAA-MM-JJ> [--out <fichier.csv>]
                      le journal depuis ce jour (heure de Paris), en CSV
  npm run cli -- demo [--videos N] [--discounts N] [--subscribers N]
                      catalogue de démonstration dans une base vide (par défaut ${DEFAULT_DEMO_SIZE.videos} vidéos,
                      ${DEFAULT_DEMO_SIZE.discounts} discounts, ${DEFAULT_DEMO_SIZE.subscribers} abonnés)`;

class UsageError extends Error {}

const PASSWORD_RULE = `Le mot de passe doit faire entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`;

/** The e-mail (trimmed and lowercased) and password of a user command, checked like the API does. */
function credentials(rawEmail: string, password: string) {
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) throw new UsageError('Adresse e-mail invalide.');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(PASSWORD_RULE);
  }
  return { email: email.data, password };
}

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      password: { type: 'string' },
      creator: { type: 'boolean', default: false },
      superadmin: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      firestore: { type: 'string' },
      auth: { type: 'string' },
      'hash-config': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
      'fetch-images': { type: 'boolean', default: false },
      to: { type: 'string' },
      'to-s3': { type: 'boolean', default: false },
      videos: { type: 'string' },
      discounts: { type: 'string' },
      subscribers: { type: 'string' },
      since: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.help) return USAGE;
  const [area, ...args] = positionals;
  switch (area ?? '') {
    case 'user':
      return userCommand(args, values);
    case 'storage':
      if (args.length === 1 && args[0] === 'sweep') return sweepCommand();
      if (args.length === 1 && args[0] === 'copy' && values['to-s3']) return copyToS3Command();
      throw new UsageError(USAGE);
    case 'db':
      if (args.length !== 1 || args[0] !== 'copy' || !values.to) throw new UsageError(USAGE);
      return databaseCopyCommand(values.to);
    case 'backup':
      if (args.length !== 1) throw new UsageError(USAGE);
      return backupCommand(args[0]!);
    case 'restore':
      if (args.length !== 1) throw new UsageError(USAGE);
      return restoreCommand(args[0]!);
    case 'import': {
      if (args.length !== 1 || args[0] !== 'firebase') throw new UsageError(USAGE);
      const result = await withContext((context) => importFirebaseCommand(context, values));
      if (!result.ok) process.exitCode = 1;
      return result.text;
    }
    case 'journal':
      if (args.length !== 1 || args[0] !== 'export') throw new UsageError(USAGE);
      return withContext((context) => journalExportCommand(context, values));
    case 'demo': {
      if (args.length !== 0) throw new UsageError(USAGE);
      // Read before anything opens the target: a wrong value writes nothing, not even the schema.
      const size = demoSize(values);
      return withContext((context) => demoCommand(context, size));
    }
    default:
      throw new UsageError(USAGE);
  }
}

/** Runs a command with the same context the server builds, on a migrated database. */
async function withContext<T>(work: (context: AppContext) => Promise<T>) {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    return await work({ config, db: database.db, storage: await openStorage(config) });
  } finally {
    await database.close();
  }
}

async function userCommand(
  args: string[],
  values: { password?: string; creator: boolean; superadmin: boolean },
) {
  const [command, email, ...rest] = args;
  if (!command || !email || rest.length > 0) throw new UsageError(USAGE);
  if (command !== 'add' && command !== 'password') throw new UsageError(USAGE);
  const account = credentials(email, values.password ?? (await readPassword()));
  return withContext(async (context) => {
    if (command === 'add') {
      const user = await createAccount(context, {
        ...account,
        creator: values.creator,
        superadmin: values.superadmin,
      });
      const roles = [values.creator && 'créateur', values.superadmin && 'superadmin'].filter(Boolean);
      return `Utilisateur créé : ${user.email} (${user.id})${roles.length ? `, ${roles.join(' et ')}` : ''}.`;
    }
    await resetPassword(context, account.email, account.password);
    return `Mot de passe mis à jour pour ${account.email}.`;
  });
}

async function sweepCommand() {
  return withContext(async (context) => {
    const report = await sweepStorage(context);
    const lines = [
      `Fichiers orphelins retirés : ${report.orphansRemoved}.`,
      `Fichiers supprimés de la corbeille : ${report.trashPurged}.`,
    ];
    if (report.missing.length > 0) {
      lines.push(`Fichiers manquants (référencés par une ligne) : ${report.missing.join(', ')}`);
    }
    return lines.join('\n');
  });
}

/** Copies DATA_DIR/files into the bucket the S3_* variables name, before switching the server to it. */
async function copyToS3Command() {
  const { storage } = loadConfig();
  if (storage.kind !== 's3') {
    throw new UsageError(
      'storage copy --to-s3 copie DATA_DIR/files dans un bucket : définis d’abord S3_BUCKET (et S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY si besoin).',
    );
  }
  return withContext(async (context) => {
    try {
      await context.storage.check();
    } catch (error) {
      const { name, message } = error as Error;
      throw new UsageError(`Le bucket ${storage.bucket} est injoignable (${name} : ${message}).`);
    }
    const source = diskStorage(diskFilesRoot(context.config.dataDir));
    const report = await copyStorageInto(context, source, (line) => console.log(line));
    return `${report.copied} fichier(s) copiés, ${report.present} déjà présents.`;
  });
}

async function backupCommand(file: string) {
  return withContext(async (context) => {
    const target = path.resolve(invocationDir(), file);
    const report = await backupTo(context, target);
    const missing =
      report.missing.length > 0 ? ` Fichiers déjà manquants : ${report.missing.join(', ')}.` : '';
    return `Sauvegarde écrite dans ${target} : base et ${report.files} fichier(s).${missing}`;
  });
}

async function restoreCommand(file: string) {
  const config = loadConfig();
  const report = await restoreFrom(path.resolve(invocationDir(), file), config, await openStorage(config));
  const place = config.database.kind === 'postgres' ? 'la base PostgreSQL' : config.dataDir;
  return `Sauvegarde restaurée dans ${place} : base et ${report.files} fichier(s).`;
}

async function databaseCopyCommand(to: string) {
  const target = databaseConfig({ DATABASE_URL: to });
  if (target.kind !== 'postgres') throw new UsageError(USAGE);
  return withContext(async (context) => {
    const report = await copyDatabaseTo(context, target.url, (table, rows) =>
      console.log(`${table} : ${rows} ligne(s) copiée(s)`),
    );
    return `Base copiée vers PostgreSQL : ${report.rows} ligne(s), chaque table vérifiée.`;
  });
}

/** node:util's parseArgs explains in English; the CLI speaks French. */
function parseArgsMessage({ code, message }: Error & { code: string }): string {
  const option = /'(--?[\w-]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Option inconnue : ${option}.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `${option} ne prend pas de valeur.`;
    return `${option} attend une valeur : ${option} <valeur> (ou ${option}=<valeur> si elle commence par un tiret).`;
  }
  return message;
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof PasswordInputError ||
    error instanceof ConfigError ||
    error instanceof AppError ||
    error instanceof BackupError ||
    error instanceof DatabaseCopyError ||
    error instanceof FirebaseImportError ||
    error instanceof DemoError ||
    error instanceof JournalExportError
  ) {
    console.error(error.message);
  } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${parseArgsMessage(error as Error & { code: string })}\n${USAGE}`);
  } else {
    console.error(`Erreur : ${(error as Error).message}`);
  }
  process.exitCode = 1;
}
