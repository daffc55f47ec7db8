import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { searchKey } from '@coulisses/domain/rules/text-search';
import { E2E_DATA_DIR } from './environment.ts';
import { openDatabase, seedCategory } from './fixtures.ts';
export { uniqueTag } from './fixtures.ts';

const filesDir = path.join(E2E_DATA_DIR, 'files');

/** Adds a discount category straight in the database; returns its id. */
export const seedDiscountCategory = (name: string): string => seedCategory('discount', name);

export interface SeededDiscount {
  id: string;
  title: string;
  imageKey: string;
}

/**
 * Inserts discounts straight in the database, each with a real 900x600 JPEG in storage, as the
 * add-discount form would have left them. Days are AAAA-MM-JJ.
 */
export async function seedDiscounts(
  titles: readonly string[],
  options: { code?: string; start?: string; end?: string; link?: string; categoryId?: string } = {},
): Promise<SeededDiscount[]> {
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 75, g: 43, b: 179 } },
  })
    .jpeg()
    .toBuffer();
  fs.mkdirSync(path.join(filesDir, 'discount_images'), { recursive: true });
  const seeded = titles.map((title) => ({
    id: randomUUID(),
    title,
    imageKey: `discount_images/e2e-${randomUUID()}.jpg`,
  }));
  for (const discount of seeded) fs.writeFileSync(path.join(filesDir, discount.imageKey), picture);
  const day = (value: string) => Date.parse(`${value}T00:00:00Z`);
  const db = openDatabase();
  try {
    const insert = db.prepare(
      `insert into discounts (id, title, title_lowercase, title_search, link, code, start_date, end_date,
         image_url, views, clicks, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?)`,
    );
    const link = db.prepare('insert into discount_category_links (discount_id, category_id) values (?, ?)');
    db.transaction(() => {
      for (const discount of seeded) {
        insert.run(
          discount.id,
          discount.title,
          discount.title.toLowerCase(),
          searchKey(discount.title),
          options.link ?? 'https://exemple.fr/offre',
          options.code ?? '',
          day(options.start ?? '2026-01-01'),
          day(options.end ?? '2026-12-31'),
          discount.imageKey,
          Date.now(),
        );
        if (options.categoryId) link.run(discount.id, options.categoryId);
      }
    })();
  } finally {
    db.close();
  }
  return seeded;
}

export function storedFileExists(key: string): boolean {
  return fs.existsSync(path.join(filesDir, key));
}

/** The stored row of the discount with this title, or undefined. */
export function findDiscountByTitle(
  title: string,
): { id: string; image_url: string; code: string; views: number; clicks: number } | undefined {
  const db = openDatabase();
  try {
    return db
      .prepare('select id, image_url, code, views, clicks from discounts where title = ?')
      .get(title) as ReturnType<typeof findDiscountByTitle>;
  } finally {
    db.close();
  }
}

/** Width, height and format of a stored image, read back from disk. */
export async function storedImageSize(key: string) {
  const { width, height, format } = await sharp(path.join(filesDir, key)).metadata();
  return { width, height, format };
}

/** A photo as a phone would send it, ready for `setInputFiles`. */
export async function photo(name = 'promo.png', width = 1600, height = 1200) {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: 220, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}
