import { benchListsAtScale } from './list-at-scale.ts';
import { runLoad } from './load.ts';

/** `npm run bench`: lists at scale, then the load run. `npm run bench -- lists` or `-- load` runs one. */
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
