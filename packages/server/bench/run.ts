import fs from 'node:fs';
import { startPostgresCluster } from '../../../scripts/postgres-cluster.ts';
import { catalogueEnv, demoCatalogue, CATALOGUE_SIZE } from './catalogue.ts';
import { seedComments } from './comment-seeding.ts';
import { benchCommentSession, COMMENTS_SIZE } from './comments.ts';
import { benchImages } from './images.ts';
import { benchLoad } from './load.ts';
import { benchSession } from './operations.ts';
import { benchReads, MEASURED, SEARCH_ROUNDS_NOTE } from './reads.ts';
import { benchReadsDuringCommentSearches } from './reads-during-comment-searches.ts';
import { benchReadsDuringVideoDeletion } from './reads-during-video-deletion.ts';
import { benchReadsDuringExports } from './reads-during-exports.ts';
import { benchReadsDuringUploads } from './reads-during-uploads.ts';
import { createDatabase, postgresVersion } from './postgres.ts';
import { markdownTable, writeSection } from './results.ts';
import { startProbedServer } from './servers.ts';
import { benchSignInBurst } from './sign-in-burst.ts';
import { benchUploadMemory } from './upload-memory.ts';

/**
 * `npm run bench`: the catalogue's reads beside their floor, the app's reads during subscriber
 * exports, the load run, image work, sign-ins during image reads, API reads during photo uploads
 * and uploads' memory, the comment reads, each written to bench/results.md. `npm run bench --
 * <part>` runs one part: reads, exports, load, comments, images, sign-ins, uploads-reads, uploads,
 * or on demand scroll, tables and lighthouse (they drive Chromium), and postgres and
 * comments-postgres (the reads and the comment reads on a throwaway PostgreSQL cluster).
 */
const only = process.argv[2];
const ON_DEMAND = ['lighthouse', 'scroll', 'tables', 'postgres', 'comments-postgres'];
const runs = (part: string) => (only ? only === part : !ON_DEMAND.includes(part));
const n = (value: number) => value.toLocaleString('fr-FR');

/**
 * The reads of the catalogue beside their floor, and the searches under 50 clients, as one section;
 * `more`, a subsection of its own after them.
 */
function writeReads(
  section: string,
  title: string,
  intro: string,
  reads: Awaited<ReturnType<typeof benchReads>>,
  more = '',
) {
  const { sequentialRows, concurrentRows } = reads;
  writeSection(
    section,
    title,
    `${intro} Une à la fois, chaque lecture ${n(MEASURED)} fois, en alternance avec le plancher : une requête au serveur, une au plancher.\n\n${markdownTable(sequentialRows)}\n\n### Recherches sous ${concurrentRows[0]?.clients ?? 50} clients simultanés\n\n${SEARCH_ROUNDS_NOTE}\n\n${markdownTable(concurrentRows)}${more}`,
  );
}

const catalogueSize = `${n(CATALOGUE_SIZE.videos)} vidéos, ${n(CATALOGUE_SIZE.subscribers)} abonnés, ${n(CATALOGUE_SIZE.discounts)} discounts`;

if (runs('reads') || runs('load') || runs('exports')) {
  console.log(`Catalogue : ${catalogueSize}…`);
  const catalogue = await demoCatalogue();
  console.log(`Catalogue chargé en ${catalogue.seconds.toFixed(0)} s.`);
  const server = await startProbedServer(catalogue.dataDir);
  try {
    const session = await benchSession(server.base, catalogue);
    const scale = `${catalogueSize} (\`npm run cli -- demo\`, chargés en ${catalogue.seconds.toFixed(0)} s)`;
    if (runs('reads')) {
      console.log('\n== Lectures, une à la fois, puis recherches sous 50 clients ==');
      writeReads(
        'reads',
        'Lectures à grande échelle',
        `${scale}. Serveur réel dans son propre processus, en HTTP sur la boucle locale. Le plancher est la somme de Fastify répondant le même corps constant (même compression) et du SQL de la réponse exécuté seul sur SQLite.`,
        await benchReads(server, catalogue, session),
      );
    }
    if (runs('exports')) {
      console.log("\n== Lectures de l'app pendant des exports d'abonnés ==");
      const during = await benchReadsDuringExports(server, session);
      console.log(`${during.note}\n${markdownTable(during.rows)}`);
      writeSection(
        'exports',
        "Lectures de l'app pendant des exports d'abonnés",
        `${scale}. ${during.note}\n\n${markdownTable(during.rows)}`,
      );
    }
    if (runs('load')) {
      console.log('\n== Charge : 100 clients et un créateur qui ajoute des vidéos ==');
      const { summary, perOperation, verdict, ok } = await benchLoad(server, catalogue, session);
      if (!ok) process.exitCode = 1;
      writeSection(
        'load',
        'Charge',
        `${scale}. Lectures mêlées (listes, recherches, statistiques) et un créateur qui ajoute des vidéos avec deux photos réelles ; puis les mêmes clients sur le serveur plancher. Deux charges : les clients enchaînent leurs requêtes sans pause (la capacité : 100 clients en file attendent chacun 100 / débit, plancher compris), puis chacun envoie une requête par seconde en moyenne (la latence). Boucle d'événements (\`monitorEventLoopDelay\`) et mémoire résidente mesurées dans le serveur pendant chaque charge ; un tic toutes les 5 ms lit le temps du fil principal sur un cœur et en file d'attente du noyau (\`schedstat\`) : le plus long écart entre deux tics (5 ms et le retard du second), ce que le fil y a passé à attendre un cœur, pris par les clients ou les autres fils, et à calculer, et le plus que l'hôte a pris à un cœur de la machine virtuelle pendant ce temps (au 10 ms près ; le reste, le fil dormait : un verrou, le disque), puis le plus long calcul de la boucle sans revenir à ses minuteries. \`boucle max\` échantillonne la boucle de son côté : son pire retard n'est pas toujours le même instant que ce plus long écart.\n\n` +
          `${markdownTable(summary)}\n\n${verdict}\n\n${markdownTable(perOperation)}`,
      );
    }
  } finally {
    await server.stop();
    fs.rmSync(catalogue.dataDir, { recursive: true, force: true });
  }
}
if (runs('postgres')) {
  console.log(`\n== Lectures sur PostgreSQL : ${catalogueSize}… ==`);
  const cluster = await startPostgresCluster();
  try {
    const databaseUrl = await createDatabase(cluster.url, 'coulisses_bench');
    const catalogue = await demoCatalogue(CATALOGUE_SIZE, databaseUrl);
    console.log(`Catalogue chargé en ${catalogue.seconds.toFixed(0)} s.`);
    const server = await startProbedServer(catalogue.dataDir, { DATABASE_URL: databaseUrl });
    try {
      const session = await benchSession(server.base, catalogue);
      writeReads(
        'reads-postgres',
        'Lectures à grande échelle sur PostgreSQL',
        `${catalogueSize} (\`npm run cli -- demo\` vers PostgreSQL ${await postgresVersion(databaseUrl)}, chargés en ${catalogue.seconds.toFixed(0)} s), sur un cluster jetable de la même machine (réglages de Debian, écriture sur disque non attendue : \`fsync\` et \`synchronous_commit\` coupés). Mêmes lectures, même plancher que sur SQLite ; le SQL seul passe par une connexion à lui.`,
        await benchReads(server, catalogue, session),
      );
    } finally {
      await server.stop();
      fs.rmSync(catalogue.dataDir, { recursive: true, force: true });
    }
  } finally {
    cluster.stop();
  }
}
/** The comment reads on a million comments, on SQLite or on the PostgreSQL database `databaseUrl`. */
async function benchComments(section: string, title: string, databaseUrl?: string) {
  const { comments, catalogue: size } = COMMENTS_SIZE;
  const catalogue = await demoCatalogue(size, databaseUrl);
  const started = performance.now();
  const videos = await seedComments(catalogue, comments);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${n(comments)} commentaires insérés en ${seconds.toFixed(0)} s.`);
  const where = databaseUrl
    ? ` vers PostgreSQL ${await postgresVersion(databaseUrl)}, sur un cluster jetable de la même machine (statistiques prises après l'insertion, comme l'autovacuum le ferait)`
    : '';
  const server = await startProbedServer(catalogue.dataDir, catalogueEnv(catalogue));
  try {
    const session = await benchCommentSession(server.base, catalogue, videos);
    const reads = await benchReads(server, catalogue, session);
    console.log("\n== Lectures de l'app pendant des recherches de commentaires ==");
    const during = await benchReadsDuringCommentSearches(server, session, videos);
    console.log(`${during.note}\n${markdownTable(during.rows)}`);
    console.log("\n== Lectures de l'app pendant la suppression d'une vidéo très commentée ==");
    const deletion = await benchReadsDuringVideoDeletion(server, session, videos);
    console.log(`${deletion.note}\n${markdownTable(deletion.rows)}`);
    writeReads(
      section,
      title,
      `${n(comments)} commentaires (un dixième sous une même vidéo, un cinquième sur les autres vidéos du créateur de la démo, 1 % signalés, 0,5 % masqués, insérés en ${seconds.toFixed(0)} s${where}) sur ${n(size.videos)} vidéos et ${n(size.subscribers)} abonnés. Mêmes mesures et même plancher que les lectures du catalogue. Le compte des nouveaux commentaires du créateur part de sa dernière visite, que « mes commentaires » vient de noter.`,
      reads,
      `\n\n### Lectures de l'app pendant des recherches de commentaires\n\n${during.note}\n\n${markdownTable(during.rows)}` +
        `\n\n### Lectures de l'app pendant la suppression d'une vidéo très commentée\n\n${deletion.note}\n\n${markdownTable(deletion.rows)}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(catalogue.dataDir, { recursive: true, force: true });
  }
}
if (runs('comments')) {
  console.log(
    `\n== Commentaires : ${n(COMMENTS_SIZE.comments)} sur ${n(COMMENTS_SIZE.catalogue.videos)} vidéos ==`,
  );
  await benchComments('comments', 'Commentaires à grande échelle');
}
if (runs('comments-postgres')) {
  console.log(`\n== Commentaires sur PostgreSQL : ${n(COMMENTS_SIZE.comments)} ==`);
  const cluster = await startPostgresCluster();
  try {
    const databaseUrl = await createDatabase(cluster.url, 'coulisses_comments_bench');
    await benchComments('comments-postgres', 'Commentaires à grande échelle sur PostgreSQL', databaseUrl);
  } finally {
    cluster.stop();
  }
}
if (runs('images')) {
  console.log('\n== Images ==');
  writeSection('images', 'Images', markdownTable(await benchImages()));
}
if (runs('sign-ins')) {
  console.log("\n== Lectures d'images pendant 50 connexions simultanées ==");
  const { rows, note } = await benchSignInBurst();
  writeSection(
    'sign-ins',
    "Lectures d'images pendant 50 connexions simultanées",
    `${markdownTable(rows)}\n\n${note}`,
  );
}
if (runs('uploads-reads')) {
  console.log('\n== Lectures pendant des envois de photos ==');
  const { intro, rows, note } = await benchReadsDuringUploads();
  writeSection(
    'uploads-reads',
    'Lectures pendant des envois de photos',
    `${intro}\n\n${markdownTable(rows)}\n\n${note}`,
  );
}
if (runs('uploads')) {
  console.log('\n== Mémoire : 40 enregistrements de page simultanés avec deux images de 14 Mo ==');
  writeSection(
    'uploads',
    'Mémoire pendant 40 envois de 2 images de 14 Mo',
    markdownTable(await benchUploadMemory()),
  );
}
if (runs('scroll')) {
  console.log('\n== Défilement de 1 000 cartes chargées ==');
  const { benchScroll } = await import('./scroll.ts');
  writeSection('scroll', 'Défilement de 1 000 cartes chargées', markdownTable(await benchScroll()));
}
if (runs('tables')) {
  console.log('\n== Ouverture des longues listes ==');
  const { benchLongTables } = await import('./long-tables.ts');
  writeSection(
    'tables',
    'Ouverture des longues listes',
    `Le superadmin ouvre ses listes les plus longues dans Chromium, son processeur ralenti 4 fois comme Lighthouse le fait pour un téléphone, 3 fois chacune : les tâches de plus de 50 ms du fil principal jusqu'à la liste dessinée et le réseau au repos, ce qui retient un toucher ou un défilement à l'ouverture.\n\n${markdownTable(await benchLongTables())}`,
  );
}
if (runs('lighthouse')) {
  console.log('\n== Lighthouse (mobile) ==');
  const { benchLighthouse } = await import('./lighthouse.ts');
  // The section brings its own heading.
  const table = (await benchLighthouse()).replace(/^## .*\n+/, '');
  writeSection('lighthouse', 'Lighthouse (mobile)', table);
}
