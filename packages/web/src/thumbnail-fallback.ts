import { isYoutubePlaceholder } from '@coulisses/domain/rules/youtube-link';

/**
 * Before the app's code runs, a card's YouTube thumbnail that cannot load gives way to the video's
 * own picture, named by the card's `data-fallback-*` attributes (VideoThumbnail): a page drawn by
 * the server shows its pictures without waiting for that code
 * (docs/decisions/027-signed-in-pages-drawn-by-the-server.md). Once the app runs, VideoThumbnail
 * sees `data-source="upload"` and keeps the picture shown.
 */

/** Loaded or failed, and nothing worth showing: broken, or YouTube's placeholder. */
const showsNothing = (image: HTMLImageElement) =>
  image.complete && image.currentSrc !== '' && isYoutubePlaceholder(image.naturalWidth);

function showOwnPicture(image: HTMLImageElement) {
  const { source, fallbackSrc, fallbackSrcset, fallbackSizes } = image.dataset;
  if (source !== 'youtube' || !fallbackSrc || !showsNothing(image)) return;
  image.dataset.source = 'upload';
  if (fallbackSrcset) {
    image.sizes = fallbackSizes ?? '';
    image.srcset = fallbackSrcset;
  }
  image.src = fallbackSrc;
}

/** Swaps the thumbnails that already failed, and those that fail from now on. */
export function watchThumbnails() {
  for (const image of document.querySelectorAll('img[data-source="youtube"]')) {
    if (image instanceof HTMLImageElement) showOwnPicture(image);
  }
  const onSettled = (event: Event) => {
    if (event.target instanceof HTMLImageElement) showOwnPicture(event.target);
  };
  // Neither event bubbles: caught on their way down.
  document.addEventListener('error', onSettled, true);
  document.addEventListener('load', onSettled, true);
}
