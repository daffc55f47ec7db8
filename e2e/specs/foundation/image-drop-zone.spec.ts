import { expect, test } from '@playwright/test';
import { ACCEPTED_IMAGE_TYPES } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { formatFileSize } from '@coulisses/domain/rules/number-format';
import { admin, signIn } from '../../support/fixtures.ts';
import { photo } from '../../support/discounts.ts';

const imageInput = (page: import('@playwright/test').Page) => page.getByLabel('Image (900x600)');

test.beforeEach(async ({ context, page }) => {
  await signIn(context, admin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/adddiscount');
});

test('offers only the formats the server takes, and shows the chosen file’s name and size', async ({
  page,
}) => {
  await expect(imageInput(page)).toHaveAttribute('accept', ACCEPTED_IMAGE_TYPES);
  await expect(imageInput(page)).toHaveAccessibleDescription('JPEG, PNG, WebP, HEIC… 15 Mo au plus');
  const chosen = await photo('brunch.png');
  await imageInput(page).setInputFiles(chosen);
  await expect(imageInput(page)).toHaveAccessibleDescription(
    `brunch.png · ${formatFileSize(chosen.buffer.length)}`,
  );
  await expect(page.getByRole('img', { name: 'Aperçu : Image' })).toBeVisible();
  // The whole zone is the control: a finger finds it easily.
  const box = await imageInput(page).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThan(250);
});

test('refuses a file over 15 Mo before sending anything', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') uploads.push(request.url());
  });
  await imageInput(page).setInputFiles({
    name: 'enorme.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(15 * 1024 * 1024 + 1),
  });
  await expect(page.getByText(MESSAGES.imageTooLarge)).toBeVisible();
  await expect(imageInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('img', { name: 'Aperçu : Image' })).toHaveCount(0);
  expect(uploads).toEqual([]);

  // A file of the right size clears the complaint.
  await imageInput(page).setInputFiles(await photo());
  await expect(page.getByText(MESSAGES.imageTooLarge)).toHaveCount(0);
  await expect(imageInput(page)).toHaveAttribute('aria-invalid', 'false');
});

test('takes an image dropped on the zone', async ({ page }) => {
  const dropped = await photo('glisse.png', 800, 600);
  const transfer = await page.evaluateHandle(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'glisse.png', { type: 'image/png' }));
      return data;
    },
    [...dropped.buffer],
  );
  const zone = page.locator('.drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(zone).toHaveClass(/drop-zone-over/);
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(zone).not.toHaveClass(/drop-zone-over/);
  await expect(imageInput(page)).toHaveAccessibleDescription(/^glisse\.png · /);
  await expect(page.getByRole('img', { name: 'Aperçu : Image' })).toBeVisible();
});
