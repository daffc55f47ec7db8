import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Discount, DiscountCreateInput } from '@coulisses/domain/schemas/discounts';
import { uploadForm } from '../../../lib/api-client.ts';
import { toFormData } from './create-discount.ts';
import { DISCOUNTS_URL, discountKeys } from './discount-keys.ts';

export interface DiscountEditInput {
  id: string;
  /** The version the form was opened at: the server refuses the save if it was saved since. */
  version: number;
  fields: DiscountCreateInput;
  /** A new image, or null to keep the current one. */
  image: File | null;
  onProgress?: (fraction: number) => void;
}

/** Sends an edit of a discount, with a new image if one was chosen. */
export function useEditDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, fields, image, onProgress }: DiscountEditInput) => {
      const form = toFormData({ fields, image });
      form.append('version', String(version));
      return uploadForm<Discount>('PUT', `${DISCOUNTS_URL}/${encodeURIComponent(id)}`, form, onProgress);
    },
    onSuccess: (discount) => queryClient.setQueryData(discountKeys.one(discount.id), discount),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}
