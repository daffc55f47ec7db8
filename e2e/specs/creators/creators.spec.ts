import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { admin, createUser, signIn } from '../../support/fixtures.ts';
import { creatorRowOf, expectAlert } from '../../support/creators.ts';

async function addCreator(page: Page, email: string) {
  await page.getByLabel('E-mail de l’utilisateur').fill(email);
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
}

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

test.beforeEach(async ({ context, page }) => {
  await signIn(context, admin);
  await page.goto('/creators');
  await expect(page.getByRole('heading', { name: 'Créateurs' })).toBeVisible();
});

test('adds a creator by e-mail: required, unknown, added active, then already a creator', async ({
  page,
}) => {
  const subscriber = await createUser({ prefix: 'futur-createur', creator: false });

  await addCreator(page, '   ');
  await expectAlert(page, MESSAGES.emailRequired);

  await addCreator(page, 'personne-de-connu@e2e.test');
  await expectAlert(page, MESSAGES.userNotFound);
  await expect(page.getByLabel('E-mail de l’utilisateur')).toHaveValue('personne-de-connu@e2e.test');

  await addCreator(page, `  ${subscriber.email.toUpperCase()} `);
  await expectAlert(page, MESSAGES.creatorAdded);
  await expect(page.getByLabel('E-mail de l’utilisateur')).toHaveValue('');
  const row = rowOf(page, subscriber.email);
  await expect(row.getByRole('cell')).toHaveText([
    'Sans titre',
    subscriber.email,
    '0',
    'Brouillon',
    'ACTIF',
    /^[0-9a-f]{8}Copier$/,
    'SuspendreDéconnecter partout',
  ]);
  expect(await creatorRowOf(subscriber.email)).toMatchObject({ is_live: 0, is_active: 1 });

  await addCreator(page, subscriber.email);
  await expectAlert(page, MESSAGES.alreadyCreator);
  await expect(rowOf(page, subscriber.email)).toHaveCount(1);
});

test('suspends then reactivates a creator after confirming, seen from the creator’s side', async ({
  page,
  browser,
}) => {
  const creator = await createUser({ prefix: 'suspendu' });
  const creatorContext = await browser.newContext();
  await signIn(creatorContext, creator);
  const creatorPage = await creatorContext.newPage();
  await creatorPage.goto('/pagesettings');
  await expect(creatorPage.getByRole('button', { name: 'Enregistrer' })).toBeVisible();

  await page.reload();
  const row = rowOf(page, creator.email);
  await expect(row.getByText('ACTIF', { exact: true })).toBeVisible();

  // Cancelling changes nothing.
  await row.getByRole('button', { name: /^Suspendre/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.creatorSuspendConfirm);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(row.getByText('ACTIF', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Suspendre/ }).click();
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expectAlert(page, MESSAGES.creatorSuspended);
  await expect(row.getByText('SUSPENDU', { exact: true })).toBeVisible();

  // The creator's next visit shows the suspension; saving is refused by the server too.
  await creatorPage.reload();
  await expect(creatorPage.getByText(MESSAGES.accountSuspended)).toBeVisible();
  await expect(creatorPage.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  // What suspension means and whom to ask, not instructions to publish.
  await expect(creatorPage.getByText(/ne sont plus visibles dans l’app/)).toBeVisible();
  await expect(creatorPage.getByText(/contacte l’équipe Coulisses/)).toBeVisible();
  await expect(creatorPage.getByText(`appuie sur ${quoted('Publier')}`)).toHaveCount(0);
  const refused = await creatorContext.request.put('/api/page/publish', { data: { live: true } });
  expect(refused.status()).toBe(403);

  await row.getByRole('button', { name: /^Réactiver/ }).click();
  await expect(dialog).toContainText(MESSAGES.creatorReactivateConfirm);
  await dialog.getByRole('button', { name: 'Réactiver' }).click();
  await expectAlert(page, MESSAGES.creatorReactivated);
  await expect(row.getByText('ACTIF', { exact: true })).toBeVisible();

  await creatorPage.reload();
  await expect(creatorPage.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  await expect(creatorPage.getByText(MESSAGES.accountSuspended)).toHaveCount(0);
  await creatorContext.close();
});

test('a failed status change shows the spec message and leaves the status as it was', async ({ page }) => {
  const creator = await createUser({ prefix: 'echec-statut' });
  await page.reload();
  await page.route('**/api/creators/*/status', (route) => route.abort());
  const row = rowOf(page, creator.email);
  await row.getByRole('button', { name: /^Suspendre/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspendre' }).click();
  await expectAlert(page, MESSAGES.creatorStatusFailed);
  await expect(row.getByText('ACTIF', { exact: true })).toBeVisible();
  expect((await creatorRowOf(creator.email))?.is_active).toBe(1);
});

test('a creator who is not superadmin is refused the creators page', async ({ browser }) => {
  const creator = await createUser();
  const context = await browser.newContext();
  await signIn(context, creator);
  const page = await context.newPage();
  await page.goto('/creators');
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await expect(page.getByLabel('E-mail de l’utilisateur')).toHaveCount(0);
  await context.close();
});

test("the superadmin's own row offers no 'Suspendre'", async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Chercher un créateur par e-mail' }).fill(admin.email);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const own = rowOf(page, admin.email);
  await expect(own).toContainText('C’est toi');
  await expect(own.getByRole('button', { name: /Suspendre/ })).toHaveCount(0);
});
