import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, signIn } from '../../support/fixtures.ts';
import { appRunning } from '../../support/foundation.ts';

/*
 * A form's check (its domain schema, and zod) is not part of its page: it loads as the form is
 * focused, so that the first submit, on a phone's network, does not wait one more round trip for it
 * (docs/decisions/047-zod-with-the-form.md).
 */

/** Whether a script holding zod has arrived so far. */
function zodArrivals(page: Page): () => Promise<boolean> {
  const seen: Promise<boolean>[] = [];
  page.on('response', (response) => {
    if (response.headers()['content-type']?.includes('javascript')) {
      seen.push(
        response.text().then(
          (code) => code.includes('ZodError'),
          () => false,
        ),
      );
    }
  });
  return async () => (await Promise.all(seen)).some(Boolean);
}

const forms: { path: string; heading: string; field: (page: Page) => Locator }[] = [
  {
    path: '/creators',
    heading: 'Créateurs',
    field: (page) => page.getByRole('textbox', { name: 'E-mail de l’utilisateur' }),
  },
  {
    path: '/adddiscount',
    heading: 'Ajouter un discount',
    field: (page) => page.getByRole('textbox', { name: 'Titre' }),
  },
  { path: '/account', heading: 'Mon compte', field: (page) => page.getByLabel('Mot de passe actuel') },
];

for (const { path, heading, field } of forms) {
  test(`${path}: the form's check loads as the form is focused, not with the page`, async ({
    page,
    context,
  }) => {
    await signIn(context, admin);
    const zodLoaded = zodArrivals(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await appRunning(page);
    await page.waitForLoadState('networkidle');
    expect(await zodLoaded()).toBe(false);

    await field(page).focus();
    await expect.poll(zodLoaded).toBe(true);
  });
}
