import { UPLOAD_MAX_BYTES, type ImageOrientation } from '@coulisses/domain/constants/limits';
import type { AppContext } from '../../context.ts';
import { normaliseImage } from '../../lib/images.ts';
import { isExternalImage, newImageKey } from '../../lib/storage.ts';
import type { ImportPlan } from './import-plan.ts';
import { warn } from './import-report.ts';

const PARALLEL_DOWNLOADS = 4;
const DOWNLOAD_TIMEOUT_MS = 30_000;

interface ImageField {
  collection: string;
  id: string;
  url: string;
  orientation: ImageOrientation;
  folder: string;
  keep(key: string): void;
}

function imageFields(plan: ImportPlan): ImageField[] {
  const fields: ImageField[] = [];
  const add = (field: ImageField) => {
    if (isExternalImage(field.url)) fields.push(field);
  };
  for (const creator of plan.creators) {
    const folder = `creators/${creator.id}`;
    add({
      collection: 'creators',
      id: creator.id,
      url: creator.hor_img_url,
      orientation: 'horizontal',
      folder,
      keep: (key) => (creator.hor_img_url = key),
    });
    add({
      collection: 'creators',
      id: creator.id,
      url: creator.ver_img_url,
      orientation: 'vertical',
      folder,
      keep: (key) => (creator.ver_img_url = key),
    });
  }
  for (const video of plan.videos) {
    const folder = `videos/${video.creator_id}`;
    add({
      collection: 'videos',
      id: video.id,
      url: video.hor_img_url,
      orientation: 'horizontal',
      folder,
      keep: (key) => (video.hor_img_url = key),
    });
    add({
      collection: 'videos',
      id: video.id,
      url: video.ver_img_url,
      orientation: 'vertical',
      folder,
      keep: (key) => (video.ver_img_url = key),
    });
  }
  for (const discount of plan.discounts) {
    add({
      collection: 'discounts',
      id: discount.id,
      url: discount.image_url,
      orientation: 'horizontal',
      folder: 'discount_images',
      keep: (key) => (discount.image_url = key),
    });
  }
  return fields;
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > UPLOAD_MAX_BYTES) throw new Error('image de plus de 15 Mo');
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > UPLOAD_MAX_BYTES) throw new Error('image de plus de 15 Mo');
  return bytes;
}

/**
 * Brings every image of the plan into our storage through the normal pipeline (900x600 or
 * 600x900 JPEG) and points the rows at it. A failed download keeps the original URL and is
 * reported. Returns the keys written, so a failed import can remove them.
 */
export async function fetchImages(context: AppContext, plan: ImportPlan): Promise<string[]> {
  const queue = imageFields(plan);
  const written: string[] = [];
  const worker = async () => {
    for (let field = queue.shift(); field; field = queue.shift()) {
      try {
        const jpeg = await normaliseImage(await download(field.url), field.orientation, 'image');
        const key = newImageKey(field.folder);
        await context.storage.put(key, jpeg);
        written.push(key);
        field.keep(key);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        warn(
          plan.report,
          field.collection,
          field.id,
          `image non téléchargée (${reason}) : l’URL d’origine est gardée`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
  return written;
}
