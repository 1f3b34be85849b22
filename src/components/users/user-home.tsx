'use client';

// /@{subdomain} (SPEC §2): a writer's home — photo, name and bio; pinned stories first, then the
// latest published ones a page at a time ("Load more", keyset cursor); their public lists. The
// owner pins and unpins here (SPEC §7 /users/pin_post).
import Link from '@/components/ui/link';
import { useState } from 'react';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { useMutation } from '@/components/hooks/use-mutation';
import { FollowButton } from '@/components/follows/follow-button';
import { ListCover } from '@/components/lists/list-card';
import { storyKeysetPage } from '@/components/stories/story-api';
import { Avatar } from '@/components/ui/avatar';
import { usePageState } from '@/components/viewer/use-page-state';
import type { PublicListSummary } from '@/server/modules/lists/lists.schema';
import type { StoryPage, StorySummary } from '@/server/modules/posts/posts.schema';
import type { UserProfile } from '@/server/modules/users/users.schema';
import { fetchLatestStories, pinStory, unpinStory } from './home-api';
import { HomeStoryItem } from './home-story-item';
import styles from './user-home.module.css';

type UserHomeProps = {
  user: UserProfile;
  pinned: StorySummary[];
  latest: StoryPage;
  lists: PublicListSummary[];
  pageSize: number;
};

const storyCount = (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`;

export function UserHome({ user, pinned: initialPinned, latest: firstPage, lists, pageSize }: UserHomeProps) {
  // The page is the same for everyone; the owner's controls come with the personal call (decision 031).
  const isOwner = usePageState({ writer: user.id })?.writer?.canEditProfile ?? false;
  const [pinned, setPinned] = useState(initialPinned);
  const latestList = useKeysetList({
    initial: storyKeysetPage(firstPage),
    fetchPage: (lastKey, { signal }) =>
      fetchLatestStories(user.id, lastKey, pageSize, signal).then(storyKeysetPage),
  });
  // A pin is a click on the page, not a dialog: its failure shows as a toast.
  const pin = useMutation(
    async (story: StorySummary, isPinned: boolean) => {
      if (isPinned) {
        await unpinStory(story.id);
        setPinned((current) => current.filter((s) => s.id !== story.id));
      } else {
        await pinStory(story.id);
        setPinned((current) => [story, ...current]);
      }
    },
    { showError: 'toast', holdsDialog: false },
  );
  const [pinning, setPinning] = useState<string | null>(null);

  const pinnedIds = new Set(pinned.map((story) => story.id));
  const rest = (latestList.items ?? []).filter((story) => !pinnedIds.has(story.id));

  async function togglePin(story: StorySummary) {
    setPinning(story.id);
    await pin.run(story, pinnedIds.has(story.id));
    setPinning(null);
  }

  const pinControl = (story: StorySummary) =>
    isOwner ? { onTogglePin: () => void togglePin(story), pinBusy: pin.busy && pinning === story.id } : {};
  const nothing = pinned.length === 0 && rest.length === 0;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.profile}>
        <Avatar name={user.name} image={user.image} size={120} className={styles.avatar} />
        <div className={styles.identity}>
          <h1 className={styles.name}>{user.name}</h1>
          <p className={styles.handle}>@{user.subdomain}</p>
          {user.description ? <p className={styles.bio}>{user.description}</p> : null}
          {/* Followers and Follow (issue 25): after the page, from the page-state call or the public counts. */}
          <FollowButton kind="user" id={user.id} name={user.name} showCount />
          <div className={styles.ownerActions}>
            {isOwner ? (
              <>
                <Link href="/authors/edit-profile" className="button button-outline button-small">
                  Edit profile
                </Link>
                <Link href="/me/import" className="button button-outline button-small">
                  Import and export
                </Link>
              </>
            ) : null}
          </div>
        </div>
      </header>

      <div className={styles.columns}>
        <div className={styles.stories}>
          {pinned.length > 0 ? (
            <section aria-labelledby="home-pinned" className={styles.section}>
              <h2 id="home-pinned" className={styles.sectionTitle}>
                Pinned
              </h2>
              {pinned.map((story) => (
                <HomeStoryItem key={story.id} story={story} ownerId={user.id} pinned {...pinControl(story)} />
              ))}
            </section>
          ) : null}

          <section aria-labelledby="home-latest" className={styles.section}>
            <h2 id="home-latest" className={styles.sectionTitle}>
              Latest stories
            </h2>
            {rest.map((story) => (
              <HomeStoryItem key={story.id} story={story} ownerId={user.id} {...pinControl(story)} />
            ))}
            {nothing ? (
              <div className={styles.empty}>
                {isOwner ? (
                  <>
                    <p>You haven’t published a story yet.</p>
                    <Link href="/stories/new-story" className="button button-dark button-small">
                      Write your first story
                    </Link>
                  </>
                ) : (
                  <p>{user.name} hasn’t published a story yet.</p>
                )}
              </div>
            ) : null}
            <LoadMore list={latestList} compact />
          </section>
        </div>

        <aside className={styles.side} aria-labelledby="home-lists">
          <h2 id="home-lists" className={styles.sectionTitle}>
            Lists
          </h2>
          {lists.length === 0 ? (
            <p className={styles.muted}>
              {isOwner ? 'Your public lists will show here.' : 'No public lists yet.'}
            </p>
          ) : (
            <ul className={styles.lists}>
              {lists.map((list) => (
                <li key={list.id}>
                  <Link href={`/lists/${list.id}`} className={styles.listCard}>
                    <ListCover images={list.coverImages} />
                    <span className={styles.listName}>{list.listName}</span>
                    <span className={styles.muted}>{storyCount(list.postCount)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}
