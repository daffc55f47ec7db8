import sharp from 'sharp';
import { IMAGE_SIZES, type ImageOrientation } from '@coulisses/domain/constants/limits';
import { newImageKey } from '../../lib/storage.ts';
import { between, type Random } from './demo-plan.ts';
import { DISCOUNT_COLOURS, DISCOUNT_WORDS, VIDEO_THEMES } from './demo-words.ts';

/*
 * The demo's pictures: colour gradients with a French word on them, drawn as SVG at the sizes an
 * upload is normalised to. A few dozen of them are shared by every row
 * (docs/decisions/013-demo-catalogue.md).
 */

/** Image variants per theme and orientation: enough that neighbouring videos differ. */
const VARIANTS_PER_THEME = 3;
/** Pictures drawn at once: sharp's threads are shared with whatever else the machine runs. */
const DRAWN_AT_ONCE = 4;

export interface DemoImages {
  /** Per video theme (VIDEO_THEMES order), the keys its videos pick from. */
  videos: { horizontal: string[]; vertical: string[] }[];
  /** Per video theme, the page images of its creators. */
  pages: { horizontal: string; vertical: string }[];
  discounts: string[];
  files: { key: string; data: Buffer }[];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Drawing {
  orientation: ImageOrientation;
  word: string;
  caption: string;
  colours: readonly [string, string];
}

function svgOf({ orientation, word, caption, colours }: Drawing, random: Random): string {
  const { width, height } = IMAGE_SIZES[orientation];
  const circles = Array.from({ length: 4 }, () => {
    const radius = between(random, 60, 260);
    const opacity = (between(random, 8, 22) / 100).toFixed(2);
    return `<circle cx="${between(random, 0, width)}" cy="${between(random, 0, height)}" r="${radius}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  }).join('');
  // Wide enough for the longest word: about 0.62 em a letter in a bold sans-serif.
  const fontSize = Math.min(120, Math.floor((width * 0.84) / (word.length * 0.62)));
  const [x2, y2] = random() < 0.5 ? [1, 1] : [0, 1];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${circles}
<text x="50%" y="50%" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${escapeXml(word)}</text>
<text x="50%" y="${height - 40}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28" fill="#ffffff" fill-opacity="0.8">${escapeXml(caption)}</text>
</svg>`;
}

/**
 * One picture at its exact upload size, a JPEG without metadata like lib/images.ts leaves.
 */
function draw(drawing: Drawing, random: Random): Promise<Buffer> {
  return sharp(Buffer.from(svgOf(drawing, random)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Draws every demo image (about 80, a few seconds), each under a fresh storage key. */
export async function drawDemoImages(random: Random): Promise<DemoImages> {
  const jobs: { key: string; drawing: Drawing }[] = [];
  const add = (folder: string, drawing: Drawing) => {
    const key = newImageKey(folder);
    jobs.push({ key, drawing });
    return key;
  };
  const videos = VIDEO_THEMES.map((theme) => {
    const variants = (orientation: ImageOrientation) =>
      Array.from({ length: VARIANTS_PER_THEME }, () =>
        add('videos/demo', {
          orientation,
          word: theme.category,
          caption: 'Coulisses',
          colours: theme.colours,
        }),
      );
    return { horizontal: variants('horizontal'), vertical: variants('vertical') };
  });
  const pages = VIDEO_THEMES.map((theme) => {
    const page = (orientation: ImageOrientation) =>
      add('creators/demo', {
        orientation,
        word: theme.category,
        caption: 'Ma page Coulisses',
        colours: [theme.colours[1], theme.colours[0]],
      });
    return { horizontal: page('horizontal'), vertical: page('vertical') };
  });
  const discounts = DISCOUNT_WORDS.map((word, index) =>
    add('discount_images', {
      orientation: 'horizontal',
      word,
      caption: 'Offre Coulisses',
      colours: DISCOUNT_COLOURS[index % DISCOUNT_COLOURS.length]!,
    }),
  );

  const files: DemoImages['files'] = [];
  for (let start = 0; start < jobs.length; start += DRAWN_AT_ONCE) {
    const batch = jobs.slice(start, start + DRAWN_AT_ONCE);
    const drawn = await Promise.all(batch.map((job) => draw(job.drawing, random)));
    batch.forEach((job, index) => files.push({ key: job.key, data: drawn[index]! }));
  }
  return { videos, pages, discounts, files };
}
