import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PageSettings, PageSettingsPatchInput } from '@coulisses/domain/schemas/page';
import { uploadForm } from '../../../lib/api-client.ts';
import { pageKeys, PAGE_URL } from './page-keys.ts';

export interface SavePageInput {
  fields: PageSettingsPatchInput;
  horizontal: File | null;
  vertical: File | null;
  onProgress?: (fraction: number) => void;
}

/**
 * Saves the page (merge). The fields travel as one JSON part so the script code keeps its exact
 * line ends (a multipart text field would have them turned into CRLF by the browser).
 */
export function useSavePageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, horizontal, vertical, onProgress }: SavePageInput) => {
      const form = new FormData();
      form.append('data', JSON.stringify(fields));
      if (horizontal) form.append('horizontal', horizontal);
      if (vertical) form.append('vertical', vertical);
      return uploadForm<PageSettings>('PUT', PAGE_URL, form, onProgress);
    },
    onSuccess: (page) => queryClient.setQueryData(pageKeys.settings, page),
  });
}
