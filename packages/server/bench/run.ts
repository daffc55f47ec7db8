import { benchListsAtScale } from './list-at-scale.ts';
import { runLoad } from './load.ts';
import { benchSignInBurst } from './sign-in-burst.ts';
import { benchUploadMemory } from './upload-memory.ts';

/**
 * `npm run bench`: lists at scale, the load run, image reads during a sign-in burst, then the
 * upload memory run. `npm run bench -- lists`, `-- load`, `-- sign-ins` or `-- uploads` runs one.
 */
const only = process.argv[2];
if (!only || only === 'lists') {
  console.log('\n== Listes et recherche à grande échelle ==');
  await benchListsAtScale();
}
if (!only || only === 'load') {
  console.log('\n== Charge : 100 clients simultanés et un rédacteur ==');
  const ok = await runLoad();
  if (!ok) process.exitCode = 1;
}
if (!only || only === 'sign-ins') {
  console.log("\n== Lectures d'images pendant 50 connexions simultanées ==");
  await benchSignInBurst();
}

if (!only || only === 'uploads') {
  console.log('\n== Mémoire : 40 enregistrements de page simultanés avec deux images de 14 Mo ==');
  await benchUploadMemory();
}
