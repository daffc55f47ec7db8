import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { createUser, signIn } from '../../support/fixtures.ts';
import { creatorRowOf, expectAlert, storeScriptCode } from '../../support/creators.ts';

/* The assistant script policy at the field: what is refused is said before anything is sent. */

const LABEL = 'Code du script de l’assistant IA (facultatif)';
const WIDGET = '<script src="https://cdn.lebavard.fr/widget.js" data-bot-id="42" async></script>';

let email: string;
let saves: number;
test.beforeEach(async ({ context, page }) => {
  const creator = await createUser({ prefix: 'script' });
  email = creator.email;
  await signIn(context, creator);
  saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/page') saves += 1;
  });
  await page.goto('/pagesettings');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
});

const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click();

test('a script from another host is refused at the field, naming the host, and nothing is sent', async ({
  page,
}) => {
  const field = page.getByLabel(LABEL);
  await expect(page.getByText('hébergée sur lebavard.fr, *.lebavard.fr')).toBeVisible();
  await page.getByLabel('Titre de la page').fill('Ma page');
  await field.fill('<script src="https://evil.test/bot.js"></script>');
  await save(page);

  const refusal =
    "Script refusé : l'hôte evil.test n'est pas autorisé (hôtes acceptés : lebavard.fr, *.lebavard.fr).";
  await expectAlert(page, refusal);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.*()]/g, '\\$&')));
  expect(saves).toBe(0);
  expect((await creatorRowOf(email))?.title).toBe('');

  await field.fill(`${WIDGET}\n`);
  await save(page);
  await expectAlert(page, MESSAGES.pageSaved);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText(refusal)).toHaveCount(0);
  expect((await creatorRowOf(email))?.lebavard_url).toBe(`${WIDGET}\n`);
});

test('an event handler is refused by name', async ({ page }) => {
  await page.getByLabel(LABEL).fill('<script src="https://lebavard.fr/w.js" onload="alert(1)"></script>');
  await save(page);
  await expectAlert(page, `l'attribut ${quoted('onload')} n'est pas autorisé`);
  await expect(
    page.getByText(`Script refusé : l'attribut ${quoted('onload')} n'est pas autorisé`),
  ).toBeVisible();
  expect(saves).toBe(0);
});

test('a stored script that no longer conforms is shown as text, with why the app does not get it', async ({
  page,
}) => {
  const legacy = '<script>window.__legacyRan = true</script>';
  await storeScriptCode(email, legacy);
  await page.reload();
  const field = page.getByLabel(LABEL);
  await expect(field).toHaveValue(legacy);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(MESSAGES.assistantScriptNotServed)).toBeVisible();
  await expect(page.getByText(/Script refusé : il manque l'adresse du script/)).toBeVisible();
  expect(await page.evaluate(() => (window as { __legacyRan?: boolean }).__legacyRan)).toBeUndefined();

  await field.fill('');
  await save(page);
  await expectAlert(page, MESSAGES.pageSaved);
  expect((await creatorRowOf(email))?.lebavard_url).toBe('');
});
