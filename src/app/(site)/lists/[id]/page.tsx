import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { privacyLabel, storyCount } from '@/components/lists/list-card';
import { PrivacyIcon } from '@/components/lists/list-icons';
import { Avatar } from '@/components/ui/avatar';
import { ReaderDate } from '@/components/dates/reader-date';
import { AppError } from '@/server/lib/errors';
import { UUID_RE } from '@/server/lib/ids';
import { getListPageOrThrow, listPostsOfList } from '@/server/modules/lists/lists.service';
import { getPageActor } from '@/server/auth/page-actor';
import { ListSettingsButton, ListStories } from './list-client';
import styles from './list.module.css';

const PAGE_SIZE = 10;

/** The list if this visitor may see it; null for an unknown id and for someone else's private list. */
const loadList = cache(async (id: string) => {
  if (!UUID_RE.test(id)) return null;
  try {
    return await getListPageOrThrow(await getPageActor(), id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
});

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const list = (await loadList((await params).id))?.list;
  if (!list) return { title: 'Page not found' };
  return {
    title: list.listName,
    description: `A reading list by ${list.owner.name} on Lamplight.`,
    robots: list.privacyStatus === 'private' ? { index: false } : undefined,
  };
}

// SPEC §2 /lists/{id}: a public list for anyone, a private one for its owner only (404 for others).
export default async function ListPage({ params }: Props) {
  const { id } = await params;
  const page = await loadList(id);
  if (!page) notFound();
  const { list } = page;
  const mayEdit = page.can.canEdit;
  const firstPage = await listPostsOfList(await getPageActor(), id, { limit: PAGE_SIZE });
  const ownerHref = list.owner.subdomain ? `/@${list.owner.subdomain}` : null;

  return (
    <div className={`reading ${styles.page}`}>
      {mayEdit ? (
        <Link href="/lists" className={styles.back}>
          <span aria-hidden="true">←</span> Your lists
        </Link>
      ) : null}
      <header className={styles.head}>
        <p className={styles.owner}>
          <Avatar name={list.owner.name} image={list.owner.image} size={28} />
          {ownerHref ? (
            <Link href={ownerHref} className={styles.ownerName}>
              {list.owner.name}
            </Link>
          ) : (
            <span className={styles.ownerName}>{list.owner.name}</span>
          )}
          <span aria-hidden="true">·</span>
          <span>
            Updated <ReaderDate value={list.updatedAt} />
          </span>
        </p>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{list.listName}</h1>
          {mayEdit ? (
            <ListSettingsButton
              list={{ id: list.id, listName: list.listName, privacyStatus: list.privacyStatus }}
            />
          ) : null}
        </div>
        <p className={styles.meta}>
          <span className={styles.privacy} data-privacy={list.privacyStatus}>
            <PrivacyIcon privacy={list.privacyStatus} size={14} />
            {privacyLabel(list.privacyStatus)}
          </span>
          <span aria-hidden="true">·</span>
          <span>{storyCount(list.postCount)}</span>
        </p>
      </header>
      <ListStories
        key={`${list.updatedAt}-${list.postCount}`}
        listId={list.id}
        initial={firstPage}
        emptyText={
          mayEdit
            ? 'This list is empty. Save stories to it with the Save button on any story.'
            : 'There are no stories in this list yet.'
        }
      />
    </div>
  );
}
