'use client';

import { useId, useRef } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_MB } from '@/components/editor/upload-image';
import { UploadProgress } from '@/components/editor/upload-progress';
import { useImageUpload } from '@/components/editor/use-image-upload';
import { Avatar } from '@/components/ui/avatar';
import styles from './profile.module.css';

/** SPEC §9: the avatar is displayed at 120×120. */
export const AVATAR_SIZE = 120;

type PhotoFieldProps = {
  name: string;
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
};

/**
 * The profile photo: shown 120×120, uploaded through the presigned flow (SPEC §7 images) with a
 * progress bar; a failure shows 'Error: …' in the message dialog (SPEC §8, useImageUpload).
 */
export function PhotoField({ name, value, onChange, disabled, onUploadingChange }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { upload, progress } = useImageUpload();
  const busy = disabled || progress !== null;

  return (
    <div className={styles.photo}>
      <Avatar name={name} image={value} size={AVATAR_SIZE} className={styles.photoImage} />
      <div className={styles.photoSide}>
        <div className={styles.photoActions}>
          <button
            type="button"
            className="button button-outline button-small"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {value ? 'Change photo' : 'Upload photo'}
          </button>
          {value ? (
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={busy}
              onClick={() => onChange(null)}
            >
              Remove
            </button>
          ) : null}
        </div>
        <p id={hintId} className="field-hint">
          JPEG, PNG, WebP, GIF or AVIF, up to {MAX_IMAGE_MB} MB. A square picture looks best.
        </p>
        {progress !== null ? <UploadProgress value={progress} label="Uploading photo" /> : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Choose a profile photo"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          onUploadingChange?.(true);
          const url = await upload(file);
          onUploadingChange?.(false);
          if (url) onChange(url);
        }}
      />
    </div>
  );
}
