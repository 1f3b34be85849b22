'use client';

import { IMAGE_FILES_HINT, ImageUploadField } from '@/components/images/image-upload-field';
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

/** The profile photo: shown 120×120 beside its buttons (stacked on a phone). */
export function PhotoField({ name, value, ...field }: PhotoFieldProps) {
  return (
    <ImageUploadField
      {...field}
      value={value}
      noun="photo"
      chooseLabel="Choose a profile photo"
      preview={<Avatar name={name} image={value} size={AVATAR_SIZE} ringed />}
      hint={`${IMAGE_FILES_HINT} A square picture looks best.`}
      className={styles.photo}
    />
  );
}
