import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { createUser, signIn, signInWithForm } from '../../support/fixtures.ts';
import { expectAlert } from '../../support/creators.ts';
import { expectNoHorizontalScroll, PHONE, sessionCountOf } from '../../support/foundation.ts';

const NEW_PASSWORD = 'un-nouveau-secret-bien-long';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillForm(page: Page, current: string, password: string, confirmation = password) {
  await field(page, 'Mot de passe actuel *').fill(current);
  await field(page, 'Nouveau mot de passe *').fill(password);
  await field(page, 'Confirme le nouveau mot de passe *').fill(confirmation);
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on a ${device}, a creator changes their password from Mon compte; other devices are signed out`, async ({
    browser,
  }) => {
    const user = await createUser({ prefix: 'mon-compte' });
    const other = await browser.newContext();
    await signIn(other, user);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await sessionCountOf(user.email)).toBe(2);

    if (device === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Mon compte' }).click();
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
    await expect(page.getByText(`Tu es connecté avec ${user.email}.`)).toBeVisible();
    await expectNoHorizontalScroll(page);

    await fillForm(page, user.password, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expectAlert(page, MESSAGES.passwordChanged);
    await expect(field(page, 'Mot de passe actuel *')).toHaveValue('');

    // This device stays signed in, the other one no longer is.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
    expect(await sessionCountOf(user.email)).toBe(1);
    expect((await other.request.get('/api/auth/me')).status()).toBe(204);

    await context.clearCookies();
    await signInWithForm(page, { ...user, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/dashboard$/);
    await other.close();
    await context.close();
  });
}

test('a wrong current password, a short one or two that differ: the problem shows at its field and nothing changes', async ({
  page,
  context,
}) => {
  const user = await createUser({ prefix: 'mon-compte' });
  await signIn(context, user);
  await page.goto('/account');

  // Sent empty, each of the three fields says what it lacks.
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expectAlert(page, MESSAGES.currentPasswordRequired);
  for (const label of [
    'Mot de passe actuel *',
    'Nouveau mot de passe *',
    'Confirme le nouveau mot de passe *',
  ])
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(MESSAGES.passwordConfirmationRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.passwordUnchanged)).toHaveCount(0);

  await fillForm(page, user.password, 'court');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expectAlert(page, MESSAGES.passwordTooShort);
  await expect(field(page, 'Nouveau mot de passe *')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Nouveau mot de passe *')).toBeFocused();
  await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();

  await fillForm(page, user.password, NEW_PASSWORD, `${NEW_PASSWORD}?`);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expectAlert(page, MESSAGES.passwordsDiffer);
  await expect(field(page, 'Confirme le nouveau mot de passe *')).toHaveAttribute('aria-invalid', 'true');

  await fillForm(page, 'pas-le-bon-du-tout', NEW_PASSWORD);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expectAlert(page, MESSAGES.currentPasswordWrong);
  await expect(field(page, 'Mot de passe actuel *')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Mot de passe actuel *')).toBeFocused();
  // What was typed stays, to correct it.
  await expect(field(page, 'Nouveau mot de passe *')).toHaveValue(NEW_PASSWORD);

  const check = await context.request.post('/api/auth/login', { data: user });
  expect(check.status()).toBe(200);
});

test('leaving Mon compte with a half-typed password asks first', async ({ page, context }) => {
  const user = await createUser({ prefix: 'mon-compte' });
  await signIn(context, user);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/account');
  await field(page, 'Mot de passe actuel *').fill('à moitié');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(MESSAGES.unsavedChanges);
  await dialog.getByRole('button', { name: 'Rester' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(field(page, 'Mot de passe actuel *')).toHaveValue('à moitié');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await dialog.getByRole('button', { name: 'Quitter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
