'use client';

// SPEC §2 mobile footer (below 768 px): Home, search (the header's search site) and user. The user
// entry goes to /me and reloads when already there; anonymous visitors start sign-in.
import { useSession } from 'next-auth/react';
import Link from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import type { MouseEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Avatar } from '@/components/ui/avatar';
import { HomeIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import { isEditorPath } from './route-rules';
import styles from './mobile-footer.module.css';

/** `searchUrl`: the search site (SEARCH_URL, else /search), from the server layout like the header's. */
export function MobileFooter({ searchUrl = '/search' }: { searchUrl?: string }) {
  const pathname = usePathname() ?? '/';
  const { data: session, status } = useSession();
  const { openDialog } = useDialog();

  // The editor keeps the whole screen for writing.
  if (isEditorPath(pathname)) return null;

  const onMe = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname === '/me') {
      event.preventDefault();
      window.location.reload();
    }
  };

  return (
    <nav className={styles.footer} aria-label="Mobile">
      <Link href="/" className={styles.item} aria-current={pathname === '/' ? 'page' : undefined}>
        <HomeIcon size={22} />
        <span>Home</span>
      </Link>
      <Link
        href={searchUrl}
        className={styles.item}
        aria-current={pathname === searchUrl ? 'page' : undefined}
      >
        <SearchIcon size={22} />
        <span>Search</span>
      </Link>
      {status === 'authenticated' ? (
        <Link
          href="/me"
          className={styles.item}
          onClick={onMe}
          aria-current={pathname === '/me' ? 'page' : undefined}
        >
          <Avatar name={session.user.name} image={session.user.image} size={22} />
          <span>You</span>
        </Link>
      ) : (
        <button
          type="button"
          className={styles.item}
          onClick={() => openDialog('sso')}
          disabled={status === 'loading'}
          aria-label="Sign in"
        >
          <UserIcon size={22} />
          <span>Sign in</span>
        </button>
      )}
    </nav>
  );
}
