import { useEffect, useState } from 'react';

export type ImageName = 'horizontal' | 'vertical';

interface PickedImage {
  file: File;
  /** A local URL of the file, for previews; revoked once replaced. */
  url: string;
}

const NONE: Record<ImageName, PickedImage | null> = { horizontal: null, vertical: null };

/** The page images picked but not saved yet, each with a local URL for the previews. */
export function usePickedImages() {
  const [picked, setPicked] = useState(NONE);
  const pick = (name: ImageName) => (file: File | null) =>
    setPicked((current) => ({ ...current, [name]: file && { file, url: URL.createObjectURL(file) } }));
  useEffect(() => {
    const url = picked.horizontal?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked.horizontal]);
  useEffect(() => {
    const url = picked.vertical?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked.vertical]);
  return { picked, pick, clear: () => setPicked(NONE) };
}
