import { expect, test } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { withDatabase } from '../../support/server-state.ts';
import { admin, createUser, signIn, userIdOf } from '../../support/fixtures.ts';
import { expectAlert, seedUsers, uniqueTag } from '../../support/creators.ts';

test('the superadmin searches subscribers by e-mail and sees their roles', async ({ context, page }) => {
  const subscriber = await createUser({ prefix: `abonne-${uniqueTag()}`, creator: false });
  const creator = await createUser({ prefix: `createur-${uniqueTag()}` });
  await withDatabase((db) =>
    db.updateTable('users').set({ pseudonym: 'Camille_92' }).where('email', '=', subscriber.email).execute(),
  );
  const total = await withDatabase(async (db) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );
  await signIn(context, admin);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Abonnés' })).toBeVisible();
  // The whole count, in the French way ('1 234 abonnés'); other tests may add users meanwhile.
  const count = page.locator('.page-count');
  await expect(count).toHaveText(/^\d{1,3}( \d{3})* abonnés$/);
  expect(Number((await count.innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(total);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'E-mail',
    'Pseudo',
    'Créateur',
    'Superadmin',
    'Commentaires',
    'ID',
    'Action',
  ]);

  const search = page.getByRole('searchbox', { name: 'Chercher un abonné par e-mail' });
  await search.fill(subscriber.email.toUpperCase());
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(subscriber.email);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    subscriber.email,
    'Camille_92',
    'non',
    'non',
    'autorisés',
    /^[0-9a-f]{8}Copier$/,
    'SourdineDéconnecter partout',
  ]);

  await search.fill(creator.email);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    creator.email,
    '—',
    'oui',
    'non',
    'autorisés',
    /^[0-9a-f]{8}Copier$/,
    'SourdineDéconnecter partout',
  ]);

  await search.fill(admin.email);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    admin.email,
    '—',
    'oui',
    'oui',
    'autorisés',
    /^[0-9a-f]{8}Copier$/,
    'SourdineDéconnecter partout',
  ]);

  await search.fill(`personne-${uniqueTag()}`);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText(/Aucun abonné ne correspond/)).toBeVisible();
});

test('a shared link to a search opens on that search, and Back returns to the whole list', async ({
  context,
  page,
}) => {
  const subscriber = await createUser({ prefix: `lien-${uniqueTag()}`, creator: false });
  await signIn(context, admin);
  await page.goto('/users');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await page.goto(`/users?q=${encodeURIComponent(subscriber.email)}`);
  const search = page.getByRole('searchbox', { name: 'Chercher un abonné par e-mail' });
  await expect(search).toHaveValue(subscriber.email);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(subscriber.email);

  await search.clear();
  await expect(page).toHaveURL(/\/users$/);
  await expect(rows).not.toHaveCount(2);
  await page.goBack();
  await expect(search).toHaveValue(subscriber.email);
  await expect(rows).toHaveCount(2);
});

test('a search sent twice before the page draws it is one history entry: Back leaves it', async ({
  context,
  page,
}) => {
  const subscriber = await createUser({ prefix: `double-${uniqueTag()}`, creator: false });
  await signIn(context, admin);
  await page.goto('/users');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Chercher un abonné par e-mail' }).fill(subscriber.email);

  // A double tap on 'Rechercher' before the page has drawn the first: a slow phone.
  await page.evaluate(() => {
    const button = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent === 'Rechercher',
    );
    button!.click();
    button!.click();
  });
  await expect(rows).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('searchbox', { name: 'Chercher un abonné par e-mail' })).toHaveValue('');
  await expect(rows).not.toHaveCount(2);
});

test('the superadmin signs a user out of every device after confirming', async ({
  browser,
  context,
  page,
}) => {
  const lost = await createUser({ prefix: `perdu-${uniqueTag()}` });
  const device = await browser.newContext();
  await signIn(device, lost);
  await signIn(context, admin);
  await page.goto(`/users?q=${encodeURIComponent(lost.email)}`);
  const endAll = page.getByRole('button', { name: `Déconnecter ${lost.email} de tous ses appareils` });

  await endAll.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Déconnecter ${lost.email} de tous ses appareils ?`);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  expect((await device.request.get('/api/auth/me')).status()).toBe(200);

  await endAll.click();
  await dialog.getByRole('button', { name: 'Déconnecter' }).click();
  await expectAlert(page, `${lost.email} est déconnecté de tous ses appareils.`);
  expect((await device.request.get('/api/auth/me')).status()).toBe(204);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  await device.close();
});

test('shows the first 500 subscribers and the rest with Charger plus', async ({ context, page }) => {
  const tag = `paquet-${uniqueTag()}`;
  const emails = await seedUsers(tag, 503);
  await signIn(context, admin);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Chercher un abonné par e-mail' }).fill(tag);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(501);
  await expect(rows.nth(1)).toContainText(emails[0] ?? '');
  await expect(rows.nth(500)).toContainText(emails[499] ?? '');
  await page.getByRole('button', { name: 'Charger plus' }).click();
  await expect(rows).toHaveCount(504);
  await expect(rows.nth(503)).toContainText(emails[502] ?? '');
  await expect(page.getByRole('button', { name: 'Charger plus' })).toBeHidden();
});

test('a creator who is not superadmin is refused the subscribers page', async ({ context, page }) => {
  const creator = await createUser();
  await signIn(context, creator);
  await page.goto('/users');
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Abonnés' })).toHaveCount(0);
});

test('the id comes last, shortened, and its button copies it whole', async ({ context, page }) => {
  const subscriber = await createUser({ prefix: `copie-${uniqueTag()}`, creator: false });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(context, admin);
  await page.goto(`/users?q=${encodeURIComponent(subscriber.email)}`);
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText(subscriber.email);
  const id = await userIdOf(subscriber.email);
  await expect(row.getByRole('cell').nth(5)).toContainText(id.slice(0, 8));
  // The id is in monospace; its button is drawn in the font of every other button.
  const fontOf = (name: string) =>
    row.getByRole('button', { name }).evaluate((b) => getComputedStyle(b).fontFamily);
  expect(await fontOf(`Copier l’identifiant ${id}`)).toBe(await fontOf('Sourdine'));
  await row.getByRole('button', { name: `Copier l’identifiant ${id}` }).click();
  await expect(row.getByRole('button', { name: `Copier l’identifiant ${id}` })).toHaveText('Copié');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
});

test('on a phone, a long e-mail breaks inside its card instead of running out of it', async ({
  context,
  page,
}) => {
  const created = await createUser({ prefix: `abonnee-${uniqueTag()}`, creator: false });
  // Nowhere a line may break but inside the word: no hyphen, 30 characters.
  const email = `abonneelongue${Date.now().toString(36).slice(-6)}@exemple.fr`;
  await withDatabase((db) =>
    db.updateTable('users').set({ email }).where('email', '=', created.email).execute(),
  );
  await signIn(context, admin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  const cell = page.getByRole('row').filter({ hasText: email }).locator('td.cell-email');
  await expect(cell).toBeVisible();
  // Where the text is drawn against the card that shows it: the cell itself may grow past the card.
  const [textRight, cardRight] = await cell.evaluate((td) => {
    const text = document.createRange();
    text.selectNodeContents(td);
    return [text.getBoundingClientRect().right, td.closest('.table-scroll')!.getBoundingClientRect().right];
  });
  expect(textRight).toBeLessThanOrEqual(cardRight);
});

test('on a phone, every label of a card fits beside its value, the values lined up', async ({
  context,
  page,
}) => {
  await signIn(context, admin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/users');
  const card = page
    .getByRole('row')
    .filter({ has: page.locator('td[data-label="Commentaires"]') })
    .first();
  await expect(card).toBeVisible();
  // Each label is drawn by its cell's ::before, which has no box of its own: its text is measured in
  // its font, from the cell's padding, against where the value's own text starts.
  const cells = await card.locator('td[data-label]').evaluateAll((tds) =>
    tds.map((td) => {
      const label = getComputedStyle(td, '::before');
      const measure = document.createElement('canvas').getContext('2d')!;
      measure.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
      const labelRight =
        td.getBoundingClientRect().left +
        parseFloat(getComputedStyle(td).paddingLeft) +
        measure.measureText(td.getAttribute('data-label')!).width;
      const value = document.createRange();
      value.selectNodeContents(td);
      const valueLeft = Math.min(...Array.from(value.getClientRects(), (rect) => rect.left));
      return { label: td.getAttribute('data-label'), space: valueLeft - labelRight, valueLeft };
    }),
  );
  expect(cells.map(({ label }) => label)).toContain('Commentaires');
  for (const { label, space } of cells) expect(space, label!).toBeGreaterThanOrEqual(8);
  expect(new Set(cells.map(({ valueLeft }) => Math.round(valueLeft))).size).toBe(1);
});
