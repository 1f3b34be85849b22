'use client';

// The publication's logo and background image on its edit page: a field of their own, named by a
// label over the preview and its buttons.
import { useId } from 'react';
import { IMAGE_FILES_HINT, ImageUploadField } from '@/components/images/image-upload-field';
import { PublicationLogo } from '@/components/publications/public/publication-logo';
import styles from './publication-image-field.module.css';

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

export function PublicationImageField({ kind, name, value, ...field }: ImageFieldProps) {
  const words = WORDS[kind];
  const labelId = useId();

  return (
    <div className={styles.imageField} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.imageLabel}>
        {words.label}
      </span>
      <ImageUploadField
        {...field}
        value={value}
        noun={words.noun}
        chooseLabel={`Choose a ${words.noun}`}
        preview={
          kind === 'logo' ? (
            <PublicationLogo name={name} image={value} size={96} ringed />
          ) : value ? (
            // eslint-disable-next-line @next/next/no-img-element -- our own uploads, shown as they are
            <img src={value} alt="" className={styles.bannerPreview} />
          ) : (
            <div className={`${styles.bannerPreview} ${styles.bannerEmpty}`}>No background image</div>
          )
        }
        hint={`${words.hint} ${IMAGE_FILES_HINT}`}
        className={kind === 'logo' ? styles.imageRow : styles.imageColumn}
      />
    </div>
  );
}
