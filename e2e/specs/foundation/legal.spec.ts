import { expect, test } from '@playwright/test';

test.describe('legal pages', () => {
  test('the privacy policy says what is collected and why, for anyone', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('ton adresse e-mail');
    await expect(main).toContainText('ton pseudonyme');
    await expect(main).toContainText('La publication des avis');
  });

  test('the terms are in force since 16 September 2024 and require ticking the box', async ({ page }) => {
    await page.goto('/cgv');
    const main = page.getByRole('main');
    await expect(main).toContainText('En vigueur au 16 septembre 2024.');
    await expect(main).toContainText('nécessite de cocher la case');
    await expect(main).toContainText('Les non-membres n’ont pas accès à ces services réservés.');
  });
});
