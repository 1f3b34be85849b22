'use client';

// Photo, name and bio of a profile with their state, as the edit-profile page and onboarding step 1
// both show them: one hook holds the values, one component draws the fields.
import { useState, type ReactNode } from 'react';
import type { UserProfile } from '@/components/users/use-my-profile';
import { NameBioFields } from './name-bio-fields';
import { PhotoField } from './photo-field';

export type ProfileFieldsState = ReturnType<typeof useProfileFields>;

export function useProfileFields(profile: UserProfile) {
  const [name, setName] = useState(profile.name);
  const [image, setImage] = useState(profile.image);
  const [description, setDescription] = useState(profile.description ?? '');
  const [uploading, setUploading] = useState(false);
  return {
    name,
    setName,
    image,
    setImage,
    description,
    setDescription,
    uploading,
    setUploading,
    blankName: name.trim() === '',
    /** What a save sends: the name and bio trimmed. */
    values: { name: name.trim(), image, description: description.trim() },
  };
}

export function ProfileFields({
  fields,
  disabled,
  bioRows,
  flagBlankName,
  bioHint,
}: {
  fields: ProfileFieldsState;
  disabled: boolean;
  bioRows: number;
  flagBlankName?: boolean;
  bioHint?: ReactNode;
}) {
  return (
    <>
      <PhotoField
        name={fields.name}
        value={fields.image}
        onChange={fields.setImage}
        disabled={disabled}
        onUploadingChange={fields.setUploading}
      />
      <NameBioFields
        name={fields.name}
        onNameChange={fields.setName}
        description={fields.description}
        onDescriptionChange={fields.setDescription}
        disabled={disabled}
        bioRows={bioRows}
        flagBlankName={flagBlankName}
        bioHint={bioHint}
      />
    </>
  );
}
