import { IMAGE_SIZES, THUMBNAIL_WIDTH } from '@coulisses/domain/constants/limits';

/**
 * How wide a list card draws its picture (styles/lists.css): 6.5rem on a phone, at most about
 * 20rem in the grid of a wider screen.
 */
const CARD_IMAGE_SIZES = '(max-width: 640px) 6.5rem, 20rem';

/**
 * The `src`, `srcSet` and `sizes` of a stored horizontal image on a card: the browser takes the
 * thumbnail wherever it is sharp enough, a phone's list first, and the full image elsewhere.
 */
export function cardImageSources(url: string, thumbnailUrl: string | null, sizes = CARD_IMAGE_SIZES) {
  if (!thumbnailUrl) return { src: url };
  return {
    src: thumbnailUrl,
    srcSet: `${thumbnailUrl} ${THUMBNAIL_WIDTH}w, ${url} ${IMAGE_SIZES.horizontal.width}w`,
    sizes,
  };
}
