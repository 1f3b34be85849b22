'use client';

import Link from '@/components/ui/link';
import { useSession } from 'next-auth/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { SignInPrompt } from '@/components/editor/sign-in-prompt';
import { publishMyProfile, type UserProfile } from '@/components/users/use-my-profile';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/api-client';
import { USER_BIO_MAX } from '@/server/modules/users/users.schema';
import { fetchProfile, saveProfile } from './profile-api';
import { ProfileFields, useProfileFields } from './profile-fields';
import { SubdomainField } from './subdomain-field';
import { finalSubdomain, useSubdomainCheck } from './use-subdomain-check';
import styles from './profile.module.css';

/** /authors/edit-profile (SPEC §2): photo, name, bio and the address of the user's home. */
export function EditProfileForm() {
  const { data: session, status } = useSession();
  // Not status === 'authenticated': a session update() passes through 'loading' with the same user.
  const userId = status === 'unauthenticated' ? null : (session?.user.id ?? null);
  const [loaded, setLoaded] = useState<{
    userId: string;
    profile: UserProfile | null;
    error: string | null;
  } | null>(null);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchProfile(userId, controller.signal).then(
      (profile) => setLoaded({ userId, profile, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ userId, profile: null, error: toErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [userId]);

  if (status === 'unauthenticated') return <SignInPrompt action="edit your profile" />;
  if (!userId || loaded?.userId !== userId) {
    return (
      <div className={styles.loading} aria-busy="true" aria-label="Loading your profile">
        <div className={styles.skeletonRound} />
        <div className={styles.skeleton} />
        <div className={styles.skeleton} style={{ height: 96 }} />
        <div className={styles.skeleton} />
      </div>
    );
  }
  if (!loaded.profile) {
    return (
      <p className="field-error" role="alert">
        {loaded.error}
      </p>
    );
  }
  return (
    <ProfileForm
      key={loaded.profile.id}
      initial={loaded.profile}
      onSaved={(profile) => setLoaded({ userId: profile.id, profile, error: null })}
    />
  );
}

function ProfileForm({
  initial,
  onSaved,
}: {
  initial: UserProfile;
  onSaved: (profile: UserProfile) => void;
}) {
  const { update } = useSession();
  const { showMessage } = useDialog();
  const [saved, setSaved] = useState(initial);
  const fields = useProfileFields(initial);
  const [subdomain, setSubdomain] = useState(initial.subdomain ?? '');
  const availability = useSubdomainCheck(subdomain, saved.subdomain);
  const nextSubdomain = finalSubdomain(subdomain);

  const subdomainBlocked =
    availability === 'taken' ||
    availability === 'checking' ||
    (nextSubdomain === '' && saved.subdomain !== null);
  const save = useMutation(
    async () => {
      const profile = await saveProfile({
        id: saved.id,
        showOnboarding: saved.showOnboarding,
        ...fields.values,
        subdomain: nextSubdomain || null,
      });
      publishMyProfile(profile);
      await update(); // the header's name and photo come from the session
      return profile;
    },
    {
      onSuccess: (profile) => {
        setSaved(profile);
        setSubdomain(profile.subdomain ?? '');
        onSaved(profile);
        showMessage('Saved successfully'); // SPEC §8, word for word
      },
    },
  );
  const busy = save.busy;
  const disabled = busy || fields.uploading || fields.blankName || subdomainBlocked;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!disabled) void save.run();
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ProfileFields
        fields={fields}
        disabled={busy}
        bioRows={4}
        flagBlankName
        bioHint={
          <p className={styles.counter}>
            {fields.description.length}/{USER_BIO_MAX}
          </p>
        }
      />
      <SubdomainField value={subdomain} onChange={setSubdomain} status={availability} disabled={busy} />
      {nextSubdomain === '' && saved.subdomain !== null ? (
        <p className="field-error">Your home page needs an address.</p>
      ) : null}
      <div className={styles.actions}>
        {saved.subdomain ? (
          <Link href={`/@${saved.subdomain}`} className={styles.homeLink}>
            View your home page
          </Link>
        ) : null}
        <div className={styles.actionsEnd}>
          <Button type="submit" busy={busy} busyLabel="Saving…" disabled={disabled}>
            Save
          </Button>
        </div>
      </div>
    </form>
  );
}
