'use client';

import { SessionProvider } from 'next-auth/react';
import type { ReactNode } from 'react';
import { DialogHost } from '@/components/dialogs/dialog-host';
import { DialogProvider } from '@/components/dialogs/dialog-provider';
import { OnboardingOpener } from '@/components/onboarding/onboarding-opener';
import { ToastProvider } from '@/components/ui/toast';
import { ViewerHintSync } from '@/components/viewer/viewer-hint-sync';

/** Client-side context for every page: the next-auth session, toasts and the dialog host (SPEC §2, §4). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <ToastProvider>
        <DialogProvider>
          {children}
          <DialogHost />
          <OnboardingOpener />
          <ViewerHintSync />
        </DialogProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
