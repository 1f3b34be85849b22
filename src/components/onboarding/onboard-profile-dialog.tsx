'use client';

import type { FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { ProfileFields, useProfileFields } from '@/components/profile/profile-fields';
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
  const fields = useProfileFields(profile);
  const { uploading, blankName } = fields;

  async function next(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading || blankName) return;
    const saved = await save(profile, fields.values);
    if (saved) openDialog('onboard-subdomain', { profile: saved });
  }

  return (
    <form className={styles.form} onSubmit={next} noValidate>
      <ProfileFields fields={fields} disabled={busy} bioRows={3} />
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
