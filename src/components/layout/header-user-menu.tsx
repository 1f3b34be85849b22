'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { signOut, useSession } from 'next-auth/react';
import Link from 'next/link';
import { Avatar } from '@/components/ui/avatar';
import { userHomePath, useMyProfile } from '@/components/users/use-my-profile';
import styles from './header.module.css';

/** SPEC §2 user menu: Home, Lists, Studio, the user's publications, Edit profile, Sign out. */
export function HeaderUserMenu() {
  const { data: session } = useSession();
  const { profile, publications } = useMyProfile();
  if (!session) return null;
  const { user } = session;
  const name = profile?.name || user.name || 'Your account';
  const image = profile?.image ?? user.image;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.avatarTrigger} aria-label={`Account menu for ${name}`}>
        <Avatar name={name} image={image} size={32} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={`${styles.menu} ${styles.userMenu}`}
          align="end"
          sideOffset={8}
          collisionPadding={12}
        >
          <div className={styles.menuIdentity}>
            <Avatar name={name} image={image} size={40} />
            <div className={styles.menuIdentityText}>
              <span className={styles.menuName}>{name}</span>
              {user.email ? <span className={styles.menuEmail}>{user.email}</span> : null}
            </div>
          </div>
          <DropdownMenu.Separator className={styles.menuSeparator} />
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link href={userHomePath(profile)}>Home</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link href="/lists">Lists</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link href="/me">Studio</Link>
          </DropdownMenu.Item>
          {publications.length > 0 ? (
            <>
              <DropdownMenu.Separator className={styles.menuSeparator} />
              <DropdownMenu.Group aria-label="Your publications">
                <DropdownMenu.Label className={styles.menuLabel}>Publications</DropdownMenu.Label>
                {publications.map((publication) => (
                  <DropdownMenu.Item key={publication.id} asChild className={styles.menuItem}>
                    <Link
                      href={`/publications/${encodeURIComponent(publication.id)}`}
                      className={styles.menuPublication}
                    >
                      <Avatar name={publication.name} image={publication.image} size={22} />
                      <span>{publication.name}</span>
                    </Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
            </>
          ) : null}
          <DropdownMenu.Separator className={styles.menuSeparator} />
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link href="/authors/edit-profile">Edit profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void signOut({ callbackUrl: '/' })}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
