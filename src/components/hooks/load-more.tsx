// The footer of a keyset list (useKeysetList): 'Load more' while there is a next page, busy while
// it loads; nothing once the last page is shown.
import { Button } from '@/components/ui/button';
import styles from './load-more.module.css';

type LoadMoreProps = {
  /** The list's useKeysetList(). */
  list: { hasMore: boolean; loadingMore: boolean; loadMore: () => unknown };
  label?: string;
  /** Less room above it, under a column of cards that keep their own. */
  compact?: boolean;
};

export function LoadMore({ list, label = 'Load more', compact = false }: LoadMoreProps) {
  if (!list.hasMore) return null;
  return (
    <div className={compact ? `${styles.more} ${styles.compact}` : styles.more}>
      <Button variant="outline" onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
        {label}
      </Button>
    </div>
  );
}
