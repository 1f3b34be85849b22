'use client';

// The home page's Following tab (issue 25): the newest stories of the writers, publications and
// tags the reader follows, loaded after the page (the home page is one cached HTML for everyone,
// decision 026) from GET /api/posts/following, "More stories" a keyset page at a time, with the
// Latest tab's cards.
import Link from '@/components/ui/link';
import { ListError } from '@/components/hooks/list-error';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { StoryListItem } from '@/components/stories/story-list-item';
import { fetchFollowingStories } from './follows-api';
import styles from './follows.module.css';

export function FollowingStories({ dateLocale }: { dateLocale: string }) {
  const list = useKeysetList({ fetchPage: (lastKey, { signal }) => fetchFollowingStories(lastKey, signal) });
  if (list.error) return <ListError list={list} className={styles.empty} />;
  if (list.items === null) return <p className={styles.empty}>Loading…</p>;
  if (list.items.length === 0) {
    return (
      <div className={styles.empty} data-testid="following-empty">
        <p>Stories from the writers, publications and tags you follow will show here.</p>
        <p>
          Follow a writer from their page or one of their stories, a publication from its page (browse the{' '}
          <Link href="/publications">publications</Link>), or a tag from a story’s tags. Your follows are
          listed in <Link href="/me">your studio</Link>.
        </p>
      </div>
    );
  }
  return (
    <div data-testid="following-stories">
      {list.items.map((story) => (
        <StoryListItem key={story.id} story={story} showAuthor heading="h3" dateLocale={dateLocale} />
      ))}
      <LoadMore list={list} label="More stories" />
    </div>
  );
}
