'use client';

import { MAX_IMAGE_MB } from '@/components/editor/upload-image';
import { ImageUploadField } from '@/components/images/image-upload-field';
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

/** SPEC §2 new publication: the logo, uploaded as the profile photo is. */
export function LogoField({ name, value, ...field }: LogoFieldProps) {
  return (
    <ImageUploadField
      {...field}
      value={value}
      noun="logo"
      chooseLabel="Choose a publication logo"
      label="Logo"
      preview={
        <PublicationLogo
          name={name.trim() || 'New publication'}
          image={value}
          size={LOGO_PREVIEW_SIZE}
          ringed
        />
      }
      hint={`A square image, up to ${MAX_IMAGE_MB} MB.`}
      className={styles.logoField}
    />
  );
}
