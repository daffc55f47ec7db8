import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DISCOUNT_IMAGE_FIELD } from '@coulisses/domain/constants/upload-fields';
import type { Discount, DiscountCreateInput } from '@coulisses/domain/schemas/discounts';
import { uploadForm } from '../../../lib/api-client.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

export interface NewDiscount {
  fields: DiscountCreateInput;
  image: File;
  onProgress?: (fraction: number) => void;
  /** One per filling of the form, kept across retries (see newSubmissionKey). */
  submissionKey: string;
}

/** The add and edit forms' multipart body; `image` only when one was chosen. */
export function toFormData({ fields, image }: { fields: DiscountCreateInput; image: File | null }): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('link', fields.link);
  form.append('code', fields.code ?? '');
  form.append('start_date', fields.start_date);
  form.append('end_date', fields.end_date);
  const categories = Array.isArray(fields.categories) ? fields.categories : [fields.categories ?? ''];
  for (const id of categories) form.append('categories', id);
  if (image) form.append(DISCOUNT_IMAGE_FIELD, image);
  return form;
}

/** Sends the add-discount form with its image, reporting upload progress. */
export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (discount: NewDiscount) =>
      uploadForm<Discount>('POST', DISCOUNTS_URL, toFormData(discount), discount.onProgress, {
        'idempotency-key': discount.submissionKey,
      }),
    // Whatever the outcome: after a lost answer or a 409 the discount may well exist.
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}
