import type { UserProfile } from '@/components/users/use-my-profile';

// Apart from the onboarding state, so the dialog registry (components/dialogs/dialog-keys.ts) names
// the props without importing code that imports the registry back (issue 20: a loop of 7 files).

/** Props every onboarding dialog takes: the profile as the previous step left it. */
export type OnboardingProps = { profile?: UserProfile };
