// One list on /lists: a cover of its latest feature images, its name, privacy and story count.
import Image from 'next/image';
import Link from '@/components/ui/link';
import { ReaderDate } from '@/components/dates/reader-date';
import { BookmarkIcon, PrivacyIcon } from './list-icons';
import type { List } from './lists-api';
import styles from './list-card.module.css';

export const storyCount = (count: number) => `${count} ${count === 1 ? 'story' : 'stories'}`;
export const privacyLabel = (privacy: List['privacyStatus']) =>
  privacy === 'private' ? 'Private' : 'Public';

export function ListCover({ images }: { images: string[] }) {
  const shown = images.slice(0, 3);
  return (
    <div className={styles.cover} data-count={shown.length} aria-hidden="true">
      {shown.length === 0 ? (
        <span className={styles.coverEmpty}>
          <BookmarkIcon size={28} />
        </span>
      ) : (
        shown.map((src, i) => (
          <span key={`${src}-${i}`} className={styles.coverTile}>
            <Image src={src} alt="" fill sizes="(max-width: 767px) 50vw, 320px" unoptimized />
          </span>
        ))
      )}
    </div>
  );
}

export function ListCard({ list }: { list: List }) {
  return (
    <article className={styles.card}>
      <Link href={`/lists/${list.id}`} className={styles.cardLink}>
        <ListCover images={list.coverImages} />
        <div className={styles.cardBody}>
          <h2 className={styles.cardTitle}>{list.listName}</h2>
          <p className={styles.cardMeta}>
            <span className={styles.privacy}>
              <PrivacyIcon privacy={list.privacyStatus} size={14} />
              {privacyLabel(list.privacyStatus)}
            </span>
            <span aria-hidden="true">·</span>
            <span>{storyCount(list.postCount)}</span>
          </p>
          <p className={styles.cardUpdated}>
            Updated <ReaderDate value={list.updatedAt} />
          </p>
        </div>
      </Link>
    </article>
  );
}
