import { expect, test } from '@playwright/test';
import { admin, signInWithForm } from '../support/fixtures.ts';

test('the superadmin signs in and lands on the dashboard', async ({ page }) => {
  await signInWithForm(page, admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Tes stats' })).toBeVisible();
});
