'use client';

import Link from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { useHost } from '@/components/profile/subdomain-field';
import { LampMark } from '@/components/ui/icons';
import type { OnboardingProps } from './onboarding-state';
import { StepDots } from './step-dots';
import styles from './onboarding.module.css';

/** Onboarding step 3 (SPEC §2): all set, with a go button leading to / (SPEC §2 routes). */
export default function OnboardAllSetDialog({ profile }: OnboardingProps) {
  const router = useRouter();
  const host = useHost();
  const { closeDialog } = useDialog();
  const go = () => {
    closeDialog();
    router.push('/');
  };
  const home = profile?.subdomain ? `/@${profile.subdomain}` : null;
  return (
    <DialogShell title="You’re all set" size="small">
      <StepDots step={3} />
      <div className={styles.allSet}>
        <LampMark size={64} />
        {home ? (
          <p className={styles.allSetText}>
            Your home page is ready at{' '}
            <Link href={home} className={styles.address} onClick={closeDialog}>
              {host}
              {home}
            </Link>
            . Start writing, or find stories to read.
          </p>
        ) : (
          <p className={styles.allSetText}>Start writing, or find stories to read.</p>
        )}
        <Button onClick={go} autoFocus>
          Go
        </Button>
      </div>
    </DialogShell>
  );
}
