/**
 * The multipart part that carries a discount's image. Kept apart from the schemas so that the web
 * app's forms name it without loading zod with their page (docs/decisions/047-zod-with-the-form.md).
 */
export const DISCOUNT_IMAGE_FIELD = 'image';
