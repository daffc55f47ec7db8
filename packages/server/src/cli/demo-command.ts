import path from 'node:path';
import { formatCount } from '@coulisses/domain/rules/number-format';
import type { AppContext } from '../context.ts';
import { loadDemo } from '../modules/demo/demo.service.ts';
import type { DemoSize } from '../modules/demo/demo-plan.ts';

/** `demo`: loads the catalogue, printing progress, and ends with what is there and how to sign in. */
export async function demoCommand(context: AppContext, size: DemoSize): Promise<string> {
  const { config } = context;
  const report = await loadDemo(context, size, (line) => console.log(line));
  const n = formatCount;
  const database = config.database.kind === 'postgres' ? 'la base PostgreSQL' : config.dataDir;
  const files =
    config.storage.kind === 's3' ? `le bucket ${config.storage.bucket}` : path.join(config.dataDir, 'files');
  const { running, past, upcoming } = report.discounts;
  return [
    '',
    `Démo prête (base : ${database} ; images : ${files}) :`,
    `  ${n(report.creators)} créateurs avec leur page publiée, ${n(report.videoCategories)} catégories de vidéos, ${n(report.discountCategories)} de discounts ;`,
    `  ${n(report.videos)} vidéos (${n(report.featured)} à la une, ${n(report.latest)} dans les dernières) ;`,
    `  ${n(running + past + upcoming)} discounts (${n(running)} en cours, ${n(past)} terminés, ${n(upcoming)} à venir) ;`,
    `  ${n(report.subscribers)} abonnés et ${n(report.comments)} commentaires ; ${n(report.images)} images, partagées entre les lignes.`,
    '',
    `Pour te connecter, lance \`npm start\` puis ouvre ${config.publicUrl}/login :`,
    ...report.accounts.map(
      (account) => `  ${(account.superadmin ? 'superadmin' : 'créateur').padEnd(12)} : ${account.email}`,
    ),
    `  mot de passe : ${report.password} (le même pour les deux ; note-le, il ne sera plus affiché)`,
    'Les autres comptes ont un mot de passe que personne ne connaît ; pour en ouvrir un :',
    '  npm run cli -- user password <email>   (le mot de passe est demandé)',
  ].join('\n');
}
