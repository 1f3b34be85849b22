'use client';

import { ImageButtons } from '@/components/images/image-buttons';
import { useImagePicker } from '@/components/images/use-image-picker';
import { UploadProgress } from './upload-progress';
import styles from './editor.module.css';

type FeatureImagePickerProps = {
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
};

/** The story's optional feature image (cards, the share widget, Open Graph), uploaded like any image. */
export function FeatureImagePicker({ value, onChange, disabled }: FeatureImagePickerProps) {
  const { input, pick, progress } = useImagePicker({ label: 'Choose a feature image', onChange });
  const busy = disabled || progress !== null;

  return (
    <div className={styles.feature}>
      {value ? (
        <figure className={styles.featureFigure}>
          {/* eslint-disable-next-line @next/next/no-img-element -- our own uploads, already sized */}
          <img src={value} alt="Feature image" className={styles.featureImage} />
          <figcaption className={styles.featureActions}>
            <ImageButtons
              pickLabel="Change image"
              onPick={pick}
              onRemove={() => onChange(null)}
              busy={busy}
            />
          </figcaption>
        </figure>
      ) : (
        <button type="button" className={styles.featureAdd} disabled={busy} onClick={pick}>
          + Add a feature image <span className={styles.featureOptional}>(optional)</span>
        </button>
      )}
      {progress !== null ? <UploadProgress value={progress} label="Uploading feature image" /> : null}
      {input}
    </div>
  );
}
