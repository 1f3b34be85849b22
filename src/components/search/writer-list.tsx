// Writers as rows: avatar, name, @handle and how many stories, each a link to their home /@handle.
import Link from '@/components/ui/link';
import { Avatar } from '@/components/ui/avatar';
import type { Author } from '@/server/modules/search/users-search.schema';
import styles from './search.module.css';

type WriterListProps = {
  writers: Author[];
  label: string;
  /** Called when a writer's link is followed (the dialog closes). */
  onPick?: () => void;
};

export function WriterList({ writers, label, onPick }: WriterListProps) {
  return (
    <ul className={styles.writers} aria-label={label}>
      {writers.map((writer) => (
        <li key={writer.id}>
          <Link href={`/@${writer.subdomain}`} className={styles.writer} onClick={onPick}>
            <Avatar name={writer.name} image={writer.image} size={36} />
            <span className={styles.writerText}>
              <span className={styles.writerName}>{writer.name || `@${writer.subdomain}`}</span>
              <span className={styles.muted}>
                @{writer.subdomain} · {writer.stories} {writer.stories === 1 ? 'story' : 'stories'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
