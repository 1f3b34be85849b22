'use client';

import { useId, useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { BIO_MAX, NAME_MAX } from '@/components/profile/edit-profile-form';
import { PhotoField } from '@/components/profile/photo-field';
import type { UserProfile } from '@/components/users/use-my-profile';
import {
  dismissOnboardingForNow,
  useOnboardingProfile,
  useOnboardingSave,
  useSkipOnboarding,
  type OnboardingProps,
} from './onboarding-state';
import { StepDots } from './step-dots';
import styles from './onboarding.module.css';

/** Onboarding step 1 (SPEC §2): photo, name and bio. Continue or skip. */
export default function OnboardProfileDialog({ profile: given }: OnboardingProps) {
  const { profile, error } = useOnboardingProfile(given);
  const { closeDialog } = useDialog();
  const close = () => {
    if (profile) dismissOnboardingForNow(profile.id);
    closeDialog();
  };
  return (
    <DialogShell title="Welcome to Lamplight" description="Tell readers a little about yourself." onClose={close}>
      <StepDots step={1} />
      {profile ? (
        <ProfileStep profile={profile} />
      ) : error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <div className={styles.loading} aria-busy="true" />
      )}
    </DialogShell>
  );
}

function ProfileStep({ profile }: { profile: UserProfile }) {
  const { busy, openDialog } = useDialog();
  const save = useOnboardingSave();
  const skip = useSkipOnboarding(profile);
  const nameId = useId();
  const bioId = useId();
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
      <PhotoField name={name} value={image} onChange={setImage} disabled={busy} onUploadingChange={setUploading} />
      <div className="field">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={NAME_MAX}
          required
          disabled={busy}
          autoComplete="name"
        />
      </div>
      <div className="field">
        <label htmlFor={bioId}>Bio</label>
        <textarea
          id={bioId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={BIO_MAX}
          rows={3}
          disabled={busy}
          placeholder="A sentence or two about you and what you write."
        />
      </div>
      <div className={styles.actions}>
        <button type="button" className="button button-ghost" disabled={busy} onClick={() => void skip()}>
          Skip
        </button>
        <div className={styles.actionsEnd}>
          <button type="submit" className="button button-primary" disabled={busy || uploading || blankName}>
            Continue
          </button>
        </div>
      </div>
    </form>
  );
}
