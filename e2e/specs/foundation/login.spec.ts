import { expect, test } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { createUser, signIn, signInWithForm, uniqueEmail } from '../../support/fixtures.ts';

test.describe('login', () => {
  test('a creator signs in with the form and lands on the dashboard', async ({ page }) => {
    const creator = await createUser();
    await signInWithForm(page, creator);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Tes stats' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  });

  test('the form has labelled, required e-mail and password fields', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('E-mail')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mot de passe')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Mot de passe')).toHaveAttribute('required', '');

    // Nothing is sent while a field is empty: the browser asks for it first.
    await page.getByLabel('E-mail').fill('quelquun@exemple.fr');
    await page.getByRole('button', { name: 'Connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a wrong password shows the spec message in the alert box, and keeps what was typed', async ({
    page,
  }) => {
    const creator = await createUser();
    await signInWithForm(page, { email: creator.email, password: 'pas-le-bon-mot-de-passe' });

    const alert = page.getByRole('alertdialog');
    await expect(alert).toHaveText(/Invalid email or password\./);
    await expect(alert).toHaveAccessibleName('Information');
    await expect(alert).toHaveAccessibleDescription(MESSAGES.loginFailed);
    const ok = alert.getByRole('button', { name: 'OK' });
    await expect(ok).toBeFocused();
    await ok.click();
    await expect(alert).toHaveCount(0);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toHaveValue(creator.email);
  });

  test('an unknown e-mail gets the same message', async ({ page }) => {
    await signInWithForm(page, { email: uniqueEmail('personne'), password: 'un-mot-de-passe' });
    await expect(page.getByRole('alertdialog')).toContainText(MESSAGES.loginFailed);
  });

  test('a user who is not a creator is told the platform is for creators, and stays signed out', async ({
    page,
  }) => {
    const member = await createUser({ prefix: 'membre', creator: false });
    await signInWithForm(page, member);
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText('Cette plateforme est reservee aux createurs de contenu.');
    await page.keyboard.press('Enter');
    await expect(alert).toHaveCount(0);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the alert box closes with Escape too', async ({ page }) => {
    await signInWithForm(page, { email: uniqueEmail('personne'), password: 'un-mot-de-passe' });
    const alert = page.getByRole('alertdialog');
    await expect(alert).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Espace créateurs' })).toBeVisible();
  });

  test('a signed-in creator opening /login goes to the dashboard', async ({ page, context }) => {
    await signIn(context, await createUser());
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('routing', () => {
  test('the guard sends a signed-out visitor from /dashboard to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Espace créateurs' })).toBeVisible();
  });

  test('an unknown path goes to the landing page', async ({ page }) => {
    await page.goto('/cette/page/nexiste/pas');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Bienvenue dans les coulisses' })).toBeVisible();
  });

  test('an unknown path goes to the landing page for a signed-in creator too', async ({ page, context }) => {
    await signIn(context, await createUser());
    await page.goto('/nimportequoi');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Aller à mon espace' })).toBeVisible();
  });

  test('a session that ended on the server sends the app to /login', async ({ page, context }) => {
    const creator = await createUser();
    await signIn(context, creator);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Tes stats' })).toBeVisible();

    await context.request.post('/api/auth/logout');
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });
});
