'use client';

// Follow / Following on a writer's, a publication's and a tag's page and on the story page (issue 25,
// decision 052). The page is the same for everyone and cached; the count and whether the reader
// follows come after it — with the page's one personal call (GET /api/me/page-state) for a member,
// from the public counts for a guest, whose click opens sign-in as other personal controls do.
import { useSession } from 'next-auth/react';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { usePageState } from '@/components/viewer/use-page-state';
import type { PageStateQuery } from '@/server/modules/viewer/page-state.schema';
import type { FollowKind } from '@/server/modules/follows/follows.table';
import { fetchFollowerCount, followTarget, unfollowTarget } from './follows-api';
import styles from './follows.module.css';

const PART: Record<FollowKind, keyof PageStateQuery> = {
  user: 'followUser',
  publication: 'followPublication',
  tag: 'followTag',
};

export const followerCount = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'follower' : 'followers'}`;

type FollowButtonProps = {
  kind: FollowKind;
  /** The writer's or the publication's id, or the tag's slug. */
  id: string;
  /** What is followed, for the button's accessible name ("Follow Grace Lee"). */
  name: string;
  /** Show the follower count beside the button (writer and publication pages). */
  showCount?: boolean;
  className?: string;
};

export function FollowButton({ kind, id, name, showCount = false, className }: FollowButtonProps) {
  const { data, status } = useSession();
  const pathname = usePathname() ?? '/';
  const { openDialog } = useDialog();
  const state = usePageState({ [PART[kind]]: id });
  const asked = state?.follows.find((f) => f.kind === kind && f.id === id) ?? null;
  // After a click, what the API answered wins over what the page-state said.
  const [mine, setMine] = useState<{ following: boolean; followers: number } | null>(null);
  const [guestCount, setGuestCount] = useState<number | null>(null);

  useEffect(() => {
    if (!showCount || status !== 'unauthenticated') return;
    const controller = new AbortController();
    fetchFollowerCount(kind, id, controller.signal).then(setGuestCount, () => {});
    return () => controller.abort();
  }, [showCount, status, kind, id]);

  const toggle = useMutation(
    async (follow: boolean, followers: number) => {
      if (follow) {
        const after = await followTarget(kind, id);
        setMine({ following: true, followers: after.followers });
      } else {
        await unfollowTarget(kind, id);
        setMine({ following: false, followers: Math.max(0, followers - 1) });
      }
    },
    { showError: 'toast', holdsDialog: false },
  );

  // Nobody follows themself: a writer on their own page (or story) sees no button.
  if (kind === 'user' && data?.user?.id === id) {
    return showCount && asked ? (
      <p className={`${styles.follow} ${className ?? ''}`}>
        <span className={styles.count} data-testid="follower-count">
          {followerCount(asked.followers)}
        </span>
      </p>
    ) : null;
  }

  const following = mine?.following ?? asked?.following ?? false;
  const followers = mine?.followers ?? asked?.followers ?? guestCount;
  const onClick = () => {
    if (status === 'unauthenticated') openDialog('sso', { callbackUrl: pathname });
    else void toggle.run(!following, followers ?? 0);
  };

  return (
    <div className={`${styles.follow} ${className ?? ''}`} data-testid={`follow-${kind}`}>
      <Button
        variant={following ? 'outline' : 'dark'}
        size="small"
        busy={toggle.busy}
        aria-pressed={following}
        aria-label={following ? `Following ${name}: unfollow` : `Follow ${name}`}
        onClick={onClick}
        disabled={status === 'loading'}
      >
        {following ? 'Following' : 'Follow'}
      </Button>
      {showCount && followers !== null ? (
        <span className={styles.count} data-testid="follower-count">
          {followerCount(followers)}
        </span>
      ) : null}
    </div>
  );
}
