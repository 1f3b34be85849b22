'use client';

// /me/notifications (issue 25; docs/decisions/055-notifications.md): the signed-in reader's
// notifications, newest first, unread ones marked; opening one marks it read, "Mark all as read"
// marks the rest. The header's bell asks its count again after each. A group ("Ruth and 4 others
// started following you") shows its newest actors' avatars stacked, up to three.
import { useSession } from 'next-auth/react';
import Link from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { SignInPanel } from '@/components/auth/sign-in-panel';
import { ListError } from '@/components/hooks/list-error';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { useMutation } from '@/components/hooks/use-mutation';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { askPageStateAgain } from '@/components/viewer/use-page-state';
import type { Notification } from '@/server/modules/notifications/notifications.schema';
import { fetchNotifications, markNotificationsRead } from './notifications-api';
import styles from './notifications.module.css';

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The actor's avatar, or a group's newest actors' (up to three, the newest on top) stacked. Decorative:
 * the message names them.
 */
function NotificationAvatars({ item }: { item: Notification }) {
  if (item.actors.length < 2) {
    return (
      <Avatar
        name={item.actor?.name ?? item.publication?.name ?? 'Lamplight'}
        image={item.actor?.image}
        size={36}
      />
    );
  }
  return (
    <span className={styles.stack} data-testid="notification-avatars" aria-hidden="true">
      {item.actors.map((actor, index) => (
        <span key={actor.id} className={styles.stacked} style={{ zIndex: item.actors.length - index }}>
          <Avatar name={actor.name} image={actor.image} size={30} ringed />
        </span>
      ))}
    </span>
  );
}

export function NotificationsList() {
  const { status } = useSession();
  if (status === 'unauthenticated') {
    return (
      <SignInPanel className={styles.signIn}>
        <h1 className={styles.title}>Notifications</h1>
        <p className={styles.lead}>
          Sign in to see who followed you, responded to your stories or mentioned you.
        </p>
      </SignInPanel>
    );
  }
  if (status === 'loading') return <h1 className={styles.title}>Notifications</h1>;
  return <SignedInList />;
}

function SignedInList() {
  const router = useRouter();
  const [unread, setUnread] = useState<number | null>(null);
  // Ids read since the page was loaded (the rows keep their place; only their look changes).
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const [allRead, setAllRead] = useState(false);
  const list = useKeysetList<Notification>({
    fetchPage: (lastKey, { signal, limit }) =>
      fetchNotifications(lastKey, limit, signal).then((page) => {
        setUnread(page.unreadCount);
        return page;
      }),
  });
  const markAll = useMutation(() => markNotificationsRead({ all: true }), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: (answer) => {
      setAllRead(true);
      setUnread(answer.unreadCount);
      askPageStateAgain();
    },
  });
  const isRead = (item: Notification) => allRead || item.read || readHere.has(item.id);

  /** Marks it read (the count and the bell follow), then goes where it leads. */
  async function open(item: Notification) {
    if (!isRead(item)) {
      setReadHere((ids) => new Set(ids).add(item.id));
      try {
        const answer = await markNotificationsRead({ ids: [item.id] });
        setUnread(answer.unreadCount);
        askPageStateAgain();
      } catch {
        // Still go there: it stays unread, and says so next time.
      }
    }
    if (item.link) router.push(item.link);
  }

  const items = list.items;
  return (
    <>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>Notifications</h1>
          <p className={styles.lead} aria-live="polite">
            {unread === null ? '\u00a0' : unread === 0 ? 'You are all caught up.' : `${unread} unread`}
          </p>
        </div>
        {unread ? (
          <Button
            variant="outline"
            busy={markAll.busy}
            busyLabel="Marking…"
            onClick={() => void markAll.run()}
          >
            Mark all as read
          </Button>
        ) : null}
      </div>
      {list.error ? (
        <ListError list={list} className={styles.empty} />
      ) : items === null ? (
        <div aria-busy="true" aria-label="Loading your notifications">
          <div className={styles.skeleton} />
          <div className={styles.skeleton} />
          <div className={styles.skeleton} />
        </div>
      ) : items.length === 0 ? (
        <p className={styles.empty}>
          Nothing yet. When someone follows you, responds to your stories or mentions you, you will see it
          here.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Your notifications">
          {items.map((item) => {
            const read = isRead(item);
            return (
              <li
                key={item.id}
                className={read ? styles.item : `${styles.item} ${styles.unread}`}
                data-unread={read ? undefined : 'true'}
              >
                <Link
                  href={item.link ?? '/me/notifications'}
                  className={styles.itemLink}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    void open(item);
                  }}
                >
                  <NotificationAvatars item={item} />
                  <span className={styles.itemText}>
                    <span className={styles.message}>
                      {read ? null : <span className="visually-hidden">Unread: </span>}
                      {item.message}
                    </span>
                    <time className={styles.time} dateTime={new Date(item.createdAt).toISOString()}>
                      {when(item.createdAt)}
                    </time>
                  </span>
                  {read ? null : <span className={styles.dot} aria-hidden="true" />}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore list={list} />
    </>
  );
}
