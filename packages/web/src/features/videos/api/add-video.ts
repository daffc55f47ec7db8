import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video } from '@coulisses/domain/schemas/videos';
import { uploadForm } from '../../../lib/api-client.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

export interface AddVideoInput {
  title: string;
  link: string;
  categories: readonly string[];
  horizontal: File;
  vertical: File;
  /** One per filling of the form, kept across retries (see newSubmissionKey). */
  submissionKey: string;
}

/** Sends the add-video form as multipart; `progress` goes from 0 to 1 while the images upload. */
export function useAddVideo() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: (input: AddVideoInput) => {
      const form = new FormData();
      form.append('title', input.title);
      form.append('link', input.link);
      for (const id of input.categories) form.append('categories', id);
      form.append('horizontal', input.horizontal);
      form.append('vertical', input.vertical);
      setProgress(0);
      return uploadForm<Video>('POST', VIDEOS_URL, form, setProgress, {
        'idempotency-key': input.submissionKey,
      });
    },
    // Whatever the outcome: after a lost answer or a 409 the video may well exist.
    onSettled: () => {
      setProgress(undefined);
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
  return { ...mutation, progress };
}
