'use client';

// The publication's logo and background image: a preview, uploaded through the presigned flow
// (SPEC §7 images) with a progress bar; a failure shows 'Error: …' in the message dialog (SPEC §8).
import { useId, useRef } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_MB } from '@/components/editor/upload-image';
import { UploadProgress } from '@/components/editor/upload-progress';
import { useImageUpload } from '@/components/editor/use-image-upload';
import { PublicationLogo } from './publication-logo';
import styles from './manage.module.css';

type ImageFieldProps = {
  kind: 'logo' | 'background';
  /** The publication's name: the logo's initials when it has none. */
  name: string;
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  onUploadingChange?: (uploading: boolean) => void;
};

const WORDS = {
  logo: {
    label: 'Logo',
    noun: 'logo',
    hint: 'A square picture looks best; it is shown small beside the name.',
  },
  background: {
    label: 'Background image',
    noun: 'background image',
    hint: 'A wide picture (about 3:1) across the top of the publication page.',
  },
};

export function PublicationImageField({
  kind,
  name,
  value,
  onChange,
  disabled,
  onUploadingChange,
}: ImageFieldProps) {
  const words = WORDS[kind];
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const { upload, progress } = useImageUpload();
  const busy = disabled || progress !== null;

  return (
    <div className={styles.imageField} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.imageLabel}>
        {words.label}
      </span>
      <div className={kind === 'logo' ? styles.imageRow : styles.imageColumn}>
        {kind === 'logo' ? (
          <PublicationLogo name={name} image={value} size={96} />
        ) : value ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own uploads, shown as they are
          <img src={value} alt="" className={styles.bannerPreview} />
        ) : (
          <div className={`${styles.bannerPreview} ${styles.bannerEmpty}`}>No background image</div>
        )}
        <div className={styles.imageSide}>
          <div className={styles.imageActions}>
            <button
              type="button"
              className="button button-outline button-small"
              disabled={busy}
              aria-describedby={hintId}
              onClick={() => input.current?.click()}
            >
              {value ? `Change ${words.noun}` : `Upload ${words.noun}`}
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
            {words.hint} JPEG, PNG, WebP, GIF or AVIF, up to {MAX_IMAGE_MB} MB.
          </p>
          {progress !== null ? <UploadProgress value={progress} label={`Uploading ${words.noun}`} /> : null}
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`Choose a ${words.noun}`}
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
