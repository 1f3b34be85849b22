'use client';

import { useId, type ReactNode } from 'react';
import { MAX_IMAGE_MB } from '@/components/editor/upload-image';
import { UploadProgress } from '@/components/editor/upload-progress';
import { ImageButtons } from './image-buttons';
import { useImagePicker } from './use-image-picker';
import styles from './image-upload-field.module.css';

/** The files an image field takes, as its hint says them. */
export const IMAGE_FILES_HINT = `JPEG, PNG, WebP, GIF or AVIF, up to ${MAX_IMAGE_MB} MB.`;

type ImageUploadFieldProps = {
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  /** What the image is, as the buttons and the progress bar name it: 'photo', 'logo' … */
  noun: string;
  /** The file picker's accessible name, e.g. 'Choose a profile photo'. */
  chooseLabel: string;
  /** The image as it stands, or its stand-in (initials, an empty frame). */
  preview: ReactNode;
  hint: ReactNode;
  /** A heading over the buttons, beside the preview. */
  label?: string;
  /** The caller's layout of preview and buttons: side by side, or stacked. */
  className: string;
};

/**
 * An image field (the profile photo, a publication's logo and background): the preview, then
 * 'Upload {noun}' (or 'Change {noun}') and 'Remove', a hint, and a progress bar while a file goes up.
 */
export function ImageUploadField({
  value,
  onChange,
  disabled,
  onUploadingChange,
  noun,
  chooseLabel,
  preview,
  hint,
  label,
  className,
}: ImageUploadFieldProps) {
  const hintId = useId();
  const { input, pick, progress } = useImagePicker({ label: chooseLabel, onChange, onUploadingChange });
  const busy = disabled || progress !== null;

  return (
    <div className={className}>
      {preview}
      <div className={styles.side}>
        {label ? <span className={styles.label}>{label}</span> : null}
        <div className={styles.actions}>
          <ImageButtons
            pickLabel={value ? `Change ${noun}` : `Upload ${noun}`}
            onPick={pick}
            onRemove={value ? () => onChange(null) : undefined}
            busy={busy}
            describedBy={hintId}
          />
        </div>
        <p id={hintId} className="field-hint">
          {hint}
        </p>
        {progress !== null ? <UploadProgress value={progress} label={`Uploading ${noun}`} /> : null}
      </div>
      {input}
    </div>
  );
}
