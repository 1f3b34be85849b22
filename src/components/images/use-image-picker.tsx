'use client';

import { useRef } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '@/components/editor/upload-image';
import { useImageUpload } from '@/components/editor/use-image-upload';

type ImagePickerOptions = {
  /** The file picker's accessible name, e.g. 'Choose a profile photo'. */
  label: string;
  onChange: (url: string) => void;
  /** Told when an upload starts and ends, so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
};

/**
 * The hidden file input behind every image field's own buttons: `pick()` opens it, the chosen file
 * goes up through the presigned flow (SPEC §7 images) with its progress (0–1, null when idle), and
 * its address reaches onChange. A failure shows 'Error: …' in the message dialog (SPEC §8,
 * useImageUpload) and changes nothing. Render `input` anywhere inside the field.
 */
export function useImagePicker({ label, onChange, onUploadingChange }: ImagePickerOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, progress } = useImageUpload();

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPTED_IMAGE_TYPES}
      className="visually-hidden"
      tabIndex={-1}
      aria-label={label}
      onChange={async (event) => {
        const file = event.target.files?.[0];
        // Cleared at once, so choosing the same file again still starts an upload.
        event.target.value = '';
        if (!file) return;
        onUploadingChange?.(true);
        const url = await upload(file);
        onUploadingChange?.(false);
        if (url) onChange(url);
      }}
    />
  );

  return { input, pick: () => inputRef.current?.click(), progress };
}
