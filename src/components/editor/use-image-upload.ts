'use client';

import { useCallback, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { uploadImage } from './upload-image';

/**
 * Runs one image upload at a time with its progress (0–1, null when idle). A failure shows
 * 'Error: …' in the message dialog (SPEC §8) and resolves to null.
 */
export function useImageUpload() {
  const { showMessage } = useDialog();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      setProgress(0);
      try {
        return await uploadImage(file, setProgress);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return null;
        showMessage(`Error: ${error instanceof Error ? error.message : 'The upload failed'}`);
        return null;
      } finally {
        setProgress(null);
      }
    },
    [showMessage],
  );

  return { upload, progress, uploading: progress !== null };
}
