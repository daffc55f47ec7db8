import { expect, test } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { admin, createUser, signIn } from '../../support/fixtures.ts';

test('a creator sees no discount pages and the server refuses every discount call', async ({
  context,
  page,
}) => {
  const creator = await createUser({ prefix: 'creator-discounts' });
  await signIn(context, creator);

  for (const path of ['/discounts', '/adddiscount']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.noAccess);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByLabel('Titre')).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Discounts', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '+discount' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Retour au dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const list = await context.request.get('/api/discounts');
  expect(list.status()).toBe(403);
  const remove = await context.request.delete('/api/discounts/quelconque');
  expect(remove.status()).toBe(403);
  const add = await context.request.post('/api/discounts', { multipart: { title: 'Intrus' } });
  expect(add.status()).toBe(403);
});

test('a signed-out visitor is sent to the login page', async ({ page }) => {
  await page.goto('/discounts');
  await expect(page).toHaveURL(/\/login$/);
});

test('the superadmin reaches both pages from the menu', async ({ context, page }) => {
  await signIn(context, admin);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: '+discount' }).click();
  await expect(page).toHaveURL(/\/adddiscount$/);
  await expect(page.getByRole('heading', { name: 'Ajouter un discount' })).toBeVisible();
  await page.getByRole('link', { name: 'Discounts', exact: true }).click();
  await expect(page).toHaveURL(/\/discounts$/);
  await expect(page.getByRole('button', { name: 'Chercher' })).toBeVisible();
});
