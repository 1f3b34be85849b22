'use client';

// The frame both onboarding steps share: the dialog with its title and step dots, the profile
// loaded (or its error), and closing as "not now" (docs/decisions/010-profile-onboarding-pins.md).
import type { ReactNode } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { UserProfile } from '@/components/users/use-my-profile';
import { dismissOnboardingForNow, useOnboardingProfile } from './onboarding-state';
import { StepDots } from './step-dots';
import styles from './onboarding.module.css';

type OnboardingStepShellProps = {
  title: string;
  description: string;
  step: 1 | 2 | 3;
  /** The profile the dialog was opened with, if any (else it is loaded). */
  given: UserProfile | undefined;
  children: (profile: UserProfile) => ReactNode;
};

export function OnboardingStepShell({ title, description, step, given, children }: OnboardingStepShellProps) {
  const { profile, error } = useOnboardingProfile(given);
  const { closeDialog } = useDialog();
  const close = () => {
    if (profile) dismissOnboardingForNow(profile.id);
    closeDialog();
  };
  return (
    <DialogShell title={title} description={description} onClose={close}>
      <StepDots step={step} />
      {profile ? (
        children(profile)
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
