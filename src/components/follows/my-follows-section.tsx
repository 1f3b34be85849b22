'use client';

// /me's "Following" (issue 25): the writers, publications and tags the signed-in reader follows,
// newest follow first ("Load more", keyset), each with Unfollow. Nothing for a visitor not signed in.
import Link from '@/components/ui/link';
import { useSession } from 'next-auth/react';
import { useState } from 'react';
import { ListError } from '@/components/hooks/list-error';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { useMutation } from '@/components/hooks/use-mutation';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { FollowItem } from '@/server/modules/follows/follows.schema';
import { fetchMyFollows, unfollowTarget } from './follows-api';
import styles from './follows.module.css';

const KIND_LABEL: Record<FollowItem['kind'], string> = {
  user: 'Writer',
  publication: 'Publication',
  tag: 'Tag',
};

function FollowRow({ item, onUnfollowed }: { item: FollowItem; onUnfollowed: (id: string) => void }) {
  const unfollow = useMutation(() => unfollowTarget(item.kind, item.targetId), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: () => onUnfollowed(item.id),
  });
  const picture =
    item.kind === 'tag' ? (
      <span className={styles.tagMark} aria-hidden="true">
        #
      </span>
    ) : (
      <Avatar
        name={item.name}
        image={item.image}
        size={40}
        shape={item.kind === 'publication' ? 'square' : 'round'}
      />
    );
  const label = (
    <>
      {picture}
      <span>
        <span className={styles.itemName}>{item.name}</span>
        <br />
        <span className={styles.itemKind}>{KIND_LABEL[item.kind]}</span>
      </span>
    </>
  );
  return (
    <li className={styles.item} data-testid="my-follow">
      {item.url ? (
        <Link href={item.url} className={styles.itemLink}>
          {label}
        </Link>
      ) : (
        <span className={styles.itemLink}>{label}</span>
      )}
      <Button
        variant="outline"
        size="small"
        busy={unfollow.busy}
        aria-label={`Unfollow ${item.name}`}
        onClick={() => void unfollow.run()}
      >
        Unfollow
      </Button>
    </li>
  );
}

function MyFollows() {
  const list = useKeysetList({ fetchPage: (lastKey, { signal }) => fetchMyFollows(lastKey, signal) });
  const [gone, setGone] = useState<Set<string>>(new Set());
  const shown = (list.items ?? []).filter((item) => !gone.has(item.id));
  if (list.error) return <ListError list={list} className={styles.empty} />;
  if (list.items === null) return <p className={styles.empty}>Loading…</p>;
  if (shown.length === 0) {
    return (
      <p className={styles.empty}>
        You don’t follow anyone yet. Follow writers, publications and tags from their pages — find them on the{' '}
        <Link href="/">home page</Link> or in <Link href="/publications">publications</Link>.
      </p>
    );
  }
  return (
    <>
      <ul className={styles.list}>
        {shown.map((item) => (
          <FollowRow key={item.id} item={item} onUnfollowed={(id) => setGone((g) => new Set(g).add(id))} />
        ))}
      </ul>
      <LoadMore list={list} compact />
    </>
  );
}

export function MyFollowsSection() {
  const { status } = useSession();
  if (status !== 'authenticated') return null;
  return (
    <section className={styles.section} aria-labelledby="my-following" data-testid="my-following">
      <h2 id="my-following" className={styles.title}>
        Following
      </h2>
      <MyFollows />
    </section>
  );
}
