'use client';

import { useRef } from 'react';
import { ACCEPTED_IMAGE_TYPES } from './upload-image';
import { UploadProgress } from './upload-progress';
import { useImageUpload } from './use-image-upload';
import styles from './editor.module.css';

type FeatureImagePickerProps = {
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
};

/** The story's optional feature image (cards, the share widget, Open Graph), uploaded like any image. */
export function FeatureImagePicker({ value, onChange, disabled }: FeatureImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, progress } = useImageUpload();
  const busy = disabled || progress !== null;

  const pick = () => input.current?.click();

  return (
    <div className={styles.feature}>
      {value ? (
        <figure className={styles.featureFigure}>
          {/* eslint-disable-next-line @next/next/no-img-element -- our own uploads, already sized */}
          <img src={value} alt="Feature image" className={styles.featureImage} />
          <figcaption className={styles.featureActions}>
            <button
              type="button"
              className="button button-outline button-small"
              disabled={busy}
              onClick={pick}
            >
              Change image
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={busy}
              onClick={() => onChange(null)}
            >
              Remove
            </button>
          </figcaption>
        </figure>
      ) : (
        <button type="button" className={styles.featureAdd} disabled={busy} onClick={pick}>
          + Add a feature image <span className={styles.featureOptional}>(optional)</span>
        </button>
      )}
      {progress !== null ? <UploadProgress value={progress} label="Uploading feature image" /> : null}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Choose a feature image"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const url = await upload(file);
          if (url) onChange(url);
        }}
      />
    </div>
  );
}
