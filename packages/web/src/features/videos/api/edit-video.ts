import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Video } from '@coulisses/domain/schemas/videos';
import { uploadForm } from '../../../lib/api-client.ts';
import { VIDEOS_URL, videoKeys } from './video-keys.ts';

export interface VideoEditInput {
  id: string;
  /** The version the form was opened at: the server refuses the save if it was saved since. */
  version: number;
  title: string;
  link: string;
  categories: readonly string[];
  /** Only the images to replace. */
  horizontal: File | null;
  vertical: File | null;
}

/** Sends an edit as multipart; `progress` goes from 0 to 1 while any new image uploads. */
export function useEditVideo() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: (input: VideoEditInput) => {
      const form = new FormData();
      form.append('title', input.title);
      form.append('link', input.link);
      for (const id of input.categories) form.append('categories', id);
      form.append('version', String(input.version));
      if (input.horizontal) form.append('horizontal', input.horizontal);
      if (input.vertical) form.append('vertical', input.vertical);
      setProgress(0);
      return uploadForm<Video>('PUT', `${VIDEOS_URL}/${encodeURIComponent(input.id)}`, form, setProgress);
    },
    onSuccess: (video) => queryClient.setQueryData(videoKeys.one(video.id), video),
    // The lists show the new title and images; they keep their loaded pages while they refresh.
    onSettled: () => {
      setProgress(undefined);
      return queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });
  return { ...mutation, progress };
}
