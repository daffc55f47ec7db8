import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { admin, createUser, signIn, uniqueTag } from '../../support/fixtures.ts';
import { PHONE } from '../../support/foundation.ts';

/**
 * Clicks 'Exporter en CSV' and returns the downloaded file's name, its lines, and how the browser
 * gets that file (compressed on the wire, saved inflated): a download fires no response event, so
 * the page asks for it once more.
 */
async function exportCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  const link = page.getByRole('link', { name: 'Exporter en CSV' });
  await link.click();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  const href = (await link.getAttribute('href'))!;
  return {
    encoding: await page.evaluate(async (url) => (await fetch(url)).headers.get('content-encoding'), href),
    name: download.suggestedFilename(),
    bom: bytes.subarray(0, 3),
    lines: bytes.subarray(3).toString('utf8').split('\r\n'),
  };
}

async function search(page: Page, label: string, term: string) {
  await page.getByRole('searchbox', { name: label }).fill(term);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('exports the subscribers the search found as a CSV a French spreadsheet opens', async ({
      context,
      page,
    }) => {
      const tag = `export-${uniqueTag()}`;
      const found = [
        await createUser({ prefix: `${tag}-b`, creator: false }),
        await createUser({ prefix: `${tag}-a` }),
      ].sort((x, y) => x.email.localeCompare(y.email));
      await createUser({ prefix: `autre-${uniqueTag()}`, creator: false });
      await signIn(context, admin);
      await page.goto('/users');
      await search(page, 'Chercher un abonné par e-mail', tag);
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
      await expect(page.getByRole('link', { name: 'Exporter en CSV' })).toBeInViewport();

      const file = await exportCsv(page);
      expect(file.name).toMatch(/^abonnes-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(['gzip', 'br']).toContain(file.encoding);
      expect(file.bom).toEqual(UTF8_BOM);
      expect(file.lines).toEqual([
        'E-mail;Créateur;Superadmin',
        ...found.map((user) => `${user.email};${user.email.includes(`${tag}-a`) ? 'oui' : 'non'};non`),
        '',
      ]);
    });

    test('exports the creators the search found as a CSV a French spreadsheet opens', async ({
      context,
      page,
    }) => {
      const tag = `export-${uniqueTag()}`;
      const creators = [await createUser({ prefix: `${tag}-b` }), await createUser({ prefix: `${tag}-a` })];
      await createUser({ prefix: `${tag}-abonne`, creator: false });
      await createUser({ prefix: `autre-${uniqueTag()}` });
      await signIn(context, admin);
      await page.goto('/creators');
      await search(page, 'Chercher un créateur par e-mail', tag.toUpperCase());
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
      await expect(page.getByRole('link', { name: 'Exporter en CSV' })).toBeInViewport();

      const file = await exportCsv(page);
      expect(file.name).toMatch(/^createurs-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.bom).toEqual(UTF8_BOM);
      expect(file.lines).toEqual([
        'E-mail;Nom;Vidéos;Suspendu',
        ...creators
          .map((creator) => creator.email)
          .sort()
          .map((email) => `${email};;0;non`),
        '',
      ]);
    });
  });
}
