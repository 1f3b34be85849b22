'use client';

// A tag's stories: the first page as the server rendered it, then "Load more" after the last one
// (keyset, GET /api/posts/tag_posts/pagination/{tag_slug}?lastKey).
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { StoryListItem } from '@/components/stories/story-list-item';
import { Button } from '@/components/ui/button';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import { fetchTagStories } from './tags-api';
import styles from './tag-page.module.css';

type TagStoriesProps = { tagSlug: string; firstPage: StoryPage; pageSize: number };

export function TagStories({ tagSlug, firstPage, pageSize }: TagStoriesProps) {
  const list = useKeysetList({
    initial: { items: firstPage.posts, lastKey: firstPage.lastKey },
    fetchPage: (lastKey, { signal }) => fetchTagStories(tagSlug, { lastKey, limit: pageSize }, signal),
  });
  const stories = list.items ?? [];

  if (stories.length === 0) {
    return <p className={styles.empty}>No published stories carry this tag yet.</p>;
  }
  return (
    <div data-testid="tag-stories">
      {stories.map((story) => (
        <StoryListItem key={story.id} story={story} showAuthor heading="h3" />
      ))}
      {list.hasMore ? (
        <div className={styles.more}>
          <Button variant="outline" onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
