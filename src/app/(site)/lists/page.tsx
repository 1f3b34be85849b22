import type { Metadata } from 'next';
import { ListCard } from '@/components/lists/list-card';
import { listMyLists } from '@/server/modules/lists/lists.service';
import { CreateListButton, ListsSignIn } from './lists-client';
import { getPageActor } from '@/server/auth/page-actor';
import styles from './lists.module.css';

export const metadata: Metadata = { title: 'Your lists', robots: { index: false } };

// SPEC §2 /lists: the signed-in user's reading lists, public and private, with a create button.
export default async function ListsPage() {
  const actor = await getPageActor();
  if (!actor) return <ListsSignIn />;
  const { lists } = await listMyLists(actor);

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>Your lists</h1>
          <p className={styles.lead}>Stories you keep to read again, to share, or to pray over.</p>
        </div>
        <CreateListButton />
      </header>
      {lists.length === 0 ? (
        <div className={styles.empty}>
          <h2 className={styles.emptyTitle}>No lists yet</h2>
          <p className={styles.emptyText}>
            Create a list, then save stories to it with the Save button on any story. Keep it private, or make
            it public to share it.
          </p>
          <CreateListButton variant="outline" />
        </div>
      ) : (
        <ul className={styles.grid} aria-label="Your lists">
          {lists.map((list) => (
            <li key={list.id}>
              <ListCard list={list} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
