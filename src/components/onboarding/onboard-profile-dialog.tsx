'use client';

import { useState, type FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { NameBioFields } from '@/components/profile/name-bio-fields';
import { PhotoField } from '@/components/profile/photo-field';
import type { UserProfile } from '@/components/users/use-my-profile';
import { useOnboardingSave, useSkipOnboarding, type OnboardingProps } from './onboarding-state';
import { OnboardingStepShell } from './onboarding-step-shell';
import styles from './onboarding.module.css';

/** Onboarding step 1 (SPEC §2): photo, name and bio. Continue or skip. */
export default function OnboardProfileDialog({ profile }: OnboardingProps) {
  return (
    <OnboardingStepShell
      title="Welcome to Lamplight"
      description="Tell readers a little about yourself."
      step={1}
      given={profile}
    >
      {(loaded) => <ProfileStep profile={loaded} />}
    </OnboardingStepShell>
  );
}

function ProfileStep({ profile }: { profile: UserProfile }) {
  const { busy, openDialog } = useDialog();
  const { save } = useOnboardingSave();
  const skip = useSkipOnboarding(profile);
  const [name, setName] = useState(profile.name);
  const [image, setImage] = useState(profile.image);
  const [description, setDescription] = useState(profile.description ?? '');
  const [uploading, setUploading] = useState(false);
  const blankName = name.trim() === '';

  async function next(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading || blankName) return;
    const saved = await save(profile, { name: name.trim(), image, description: description.trim() });
    if (saved) openDialog('onboard-subdomain', { profile: saved });
  }

  return (
    <form className={styles.form} onSubmit={next} noValidate>
      <PhotoField
        name={name}
        value={image}
        onChange={setImage}
        disabled={busy}
        onUploadingChange={setUploading}
      />
      <NameBioFields
        name={name}
        onNameChange={setName}
        description={description}
        onDescriptionChange={setDescription}
        disabled={busy}
        bioRows={3}
      />
      <div className={styles.actions}>
        <Button variant="ghost" disabled={busy} onClick={() => void skip()}>
          Skip
        </Button>
        <div className={styles.actionsEnd}>
          <Button type="submit" busy={busy} disabled={uploading || blankName}>
            Continue
          </Button>
        </div>
      </div>
    </form>
  );
}
