'use client';

import { useId, useRef } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_MB } from '@/components/editor/upload-image';
import { UploadProgress } from '@/components/editor/upload-progress';
import { useImageUpload } from '@/components/editor/use-image-upload';
import { PublicationLogo } from './publication-logo';
import styles from './publication-form.module.css';

export const LOGO_PREVIEW_SIZE = 88;

type LogoFieldProps = {
  /** The publication's name so far: the preview's initials. */
  name: string;
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  /** Told when an upload starts and ends, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
};

/**
 * SPEC §2 new publication: the logo, uploaded through the presigned flow (SPEC §7 images) with a
 * progress bar, as the profile photo is; a failure shows 'Error: …' in the message dialog (SPEC §8).
 */
export function LogoField({ name, value, onChange, disabled, onUploadingChange }: LogoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { upload, progress } = useImageUpload();
  const busy = disabled || progress !== null;

  return (
    <div className={styles.logoField}>
      <PublicationLogo
        name={name.trim() || 'New publication'}
        image={value}
        size={LOGO_PREVIEW_SIZE}
        className={styles.logoPreview}
      />
      <div className={styles.logoSide}>
        <span className={styles.logoLabel}>Logo</span>
        <div className={styles.logoActions}>
          <button
            type="button"
            className="button button-outline button-small"
            disabled={busy}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {value ? 'Change logo' : 'Upload logo'}
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
          A square image, up to {MAX_IMAGE_MB} MB.
        </p>
        {progress !== null ? <UploadProgress value={progress} label="Uploading logo" /> : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Choose a publication logo"
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
