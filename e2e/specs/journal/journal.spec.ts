import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@coulisses/domain/messages';
import { admin, createUser, signIn, uniqueTag, userIdOf } from '../../support/fixtures.ts';
import { expectNoHorizontalScroll, PHONE } from '../../support/foundation.ts';
import { withDatabase } from '../../support/server-state.ts';

const entries = (page: Page) => page.getByRole('list', { name: 'Entrées du journal' }).getByRole('listitem');

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test(`on a ${device}, the superadmin reads who renamed a category and filters the journal, kept in the address`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport);
    const tag = uniqueTag();
    await signIn(context, admin);
    const added = await context.request.post('/api/video-categories', { data: { name: `Recettes ${tag}` } });
    const { id } = (await added.json()) as { id: string };
    await context.request.put(`/api/video-categories/${id}`, { data: { name: `Cuisine ${tag}` } });

    await page.goto('/dashboard');
    if (device === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Journal' }).click();
    await expect(page.getByRole('heading', { name: 'Journal', level: 1 })).toBeVisible();
    const renamed = entries(page)
      .filter({ hasText: `Cuisine ${tag}` })
      .first();
    await expect(renamed).toContainText('Catégorie renommée');
    await expect(renamed).toContainText(`nom : Recettes ${tag} → Cuisine ${tag}`);
    await expect(renamed).toContainText(admin.email);
    await expectNoHorizontalScroll(page);

    await page.getByLabel('Action').selectOption({ label: 'Catégorie renommée' });
    await page.getByLabel('Qui').fill(admin.email.toUpperCase());
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/kind=category\.renamed/);
    // Retried: the address changes before the page draws the filtered list.
    await expect(async () => {
      const texts = await entries(page).allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain('Catégorie renommée');
    }).toPass();

    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('category.renamed');
    await expect(entries(page).filter({ hasText: `Cuisine ${tag}` })).toHaveCount(1);

    await page.getByLabel('Qui').fill(`personne-${tag}@e2e.test`);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page.getByText('Rien dans le journal pour ces filtres.')).toBeVisible();
    await page.goBack();
    await expect(entries(page).filter({ hasText: `Cuisine ${tag}` })).toHaveCount(1);
    await page.getByRole('button', { name: 'Tout voir' }).click();
    await expect(page).toHaveURL(/\/journal$/);
  });
}

test('pages the journal 50 at a time with Charger plus', async ({ page, context }) => {
  const tag = uniqueTag();
  const email = `historique-${tag}@e2e.test`;
  await withDatabase((db) =>
    db
      .insertInto('journal_entries')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `e2e-${tag}-${String(i).padStart(2, '0')}`,
          at: Date.UTC(2026, 0, 1) + i * 60_000,
          actor_id: 'historique',
          actor_email: email,
          kind: 'discount.deleted',
          item_type: 'discount',
          item_id: `discount-${i}`,
          item_label: `Ancien discount ${i}`,
          about_user_id: null,
          changes: '{}',
        })),
      )
      .execute(),
  );
  await signIn(context, admin);
  await page.goto(`/journal?actor=${encodeURIComponent(email)}`);
  await expect(entries(page)).toHaveCount(50);
  await expect(entries(page).first()).toContainText('Ancien discount 59');
  await page.getByRole('button', { name: 'Charger plus' }).click();
  await expect(entries(page)).toHaveCount(60);
  await expect(entries(page).last()).toContainText('Ancien discount 0');
  await expect(page.getByRole('button', { name: 'Charger plus' })).toBeHidden();
});

test('a creator sees what was done to their account in Activité, and cannot open the journal', async ({
  page,
  browser,
}) => {
  const creator = await createUser({ prefix: `activite-${uniqueTag()}` });
  const creatorId = await userIdOf(creator.email);
  const adminContext = await browser.newContext();
  await signIn(adminContext, admin);
  for (const active of [false, true]) {
    const response = await adminContext.request.put(`/api/creators/${creatorId}/status`, {
      data: { active },
    });
    expect(response.status()).toBe(204);
  }
  await adminContext.close();

  await signIn(page.context(), creator);
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  const activity = page.getByRole('list', { name: 'Activité' }).getByRole('listitem');
  await expect(activity).toHaveCount(2);
  await expect(activity.nth(0)).toContainText('Créateur réactivé');
  await expect(activity.nth(1)).toContainText('Créateur suspendu');
  await expect(activity.nth(1)).toContainText(admin.email);
  await expectNoHorizontalScroll(page);

  await page.goto('/journal');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.noAccess);
  expect((await page.context().request.get('/api/journal')).status()).toBe(403);
});
