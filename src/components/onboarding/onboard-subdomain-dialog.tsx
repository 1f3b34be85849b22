'use client';

import { useState, type FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { SubdomainField } from '@/components/profile/subdomain-field';
import { finalSubdomain, useSubdomainCheck } from '@/components/profile/use-subdomain-check';
import type { UserProfile } from '@/components/users/use-my-profile';
import { useOnboardingSave, useSkipOnboarding, type OnboardingProps } from './onboarding-state';
import { OnboardingStepShell } from './onboarding-step-shell';
import styles from './onboarding.module.css';

/** Onboarding step 2 (SPEC §2, §5): the address '{host}/@{subdomain}' with a live availability icon. */
export default function OnboardSubdomainDialog({ profile }: OnboardingProps) {
  return (
    <OnboardingStepShell
      title="Choose your address"
      description="Your home page on Lamplight, where readers find your stories."
      step={2}
      given={profile}
    >
      {(loaded) => <SubdomainStep profile={loaded} />}
    </OnboardingStepShell>
  );
}

function SubdomainStep({ profile }: { profile: UserProfile }) {
  const { busy, openDialog } = useDialog();
  const { save } = useOnboardingSave();
  const skip = useSkipOnboarding(profile);
  const [value, setValue] = useState(profile.subdomain ?? '');
  const status = useSubdomainCheck(value, profile.subdomain);
  const subdomain = finalSubdomain(value);
  // SPEC §5: continue is disabled when unavailable; a blank value is not accepted.
  const canContinue = !busy && subdomain !== '' && status === 'available';

  async function next(event: FormEvent) {
    event.preventDefault();
    if (!canContinue) return;
    const saved = await save(profile, { subdomain, showOnboarding: false });
    if (saved) openDialog('onboard-all-set', { profile: saved });
  }

  return (
    <form className={styles.form} onSubmit={next} noValidate>
      <SubdomainField value={value} onChange={setValue} status={status} disabled={busy} autoFocus />
      <div className={styles.actions}>
        <Button variant="outline" disabled={busy} onClick={() => openDialog('onboard-profile', { profile })}>
          Back
        </Button>
        <div className={styles.actionsEnd}>
          <Button variant="ghost" disabled={busy} onClick={() => void skip()}>
            Skip
          </Button>
          <Button type="submit" busy={busy} disabled={!canContinue}>
            Continue
          </Button>
        </div>
      </div>
    </form>
  );
}
