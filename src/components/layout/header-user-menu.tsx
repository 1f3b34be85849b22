'use client';

import { signOut, useSession } from 'next-auth/react';
import Link from '@/components/ui/link';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Avatar, avatarInitials } from '@/components/ui/avatar';
import { Menu, MenuGroup, MenuItem, MenuLabel, MenuSeparator } from '@/components/ui/menu';
import { userHomePath, useMyProfile } from '@/components/users/use-my-profile';
import styles from './header.module.css';

/**
 * The menu button's name. Without a photo the avatar shows initials, and a name must hold the
 * visible text (WCAG 2.5.3 label in name), so they are part of it (as a word of their own: checkers
 * ignore text in parentheses).
 */
function accountMenuLabel(name: string, image: string | null | undefined): string {
  return image ? `Account menu for ${name}` : `Account menu for ${name}, ${avatarInitials(name)}`;
}

/**
 * SPEC §2 user menu: Home, Lists, Studio, the user's publications (and New publication), Edit
 * profile, Sign out.
 */
export function HeaderUserMenu() {
  const { data: session } = useSession();
  const { profile, publications } = useMyProfile();
  const { openDialog } = useDialog();
  if (!session) return null;
  const { user } = session;
  const name = profile?.name || user.name || 'Your account';
  const image = profile?.image ?? user.image;

  return (
    <Menu
      triggerClassName={styles.avatarTrigger}
      triggerLabel={accountMenuLabel(name, image)}
      trigger={<Avatar name={name} image={image} size={32} />}
      align="end"
      className={styles.userMenu}
    >
      <div className={styles.menuIdentity}>
        <Avatar name={name} image={image} size={40} />
        <div className={styles.menuIdentityText}>
          <span className={styles.menuName}>{name}</span>
          {user.email ? <span className={styles.menuEmail}>{user.email}</span> : null}
        </div>
      </div>
      <MenuSeparator />
      <MenuItem asChild>
        <Link href={userHomePath(profile)}>Home</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link href="/lists">Lists</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link href="/me">Studio</Link>
      </MenuItem>
      {user.canOpenStaffArea ? (
        <MenuItem asChild>
          <Link href="/admin">Staff area</Link>
        </MenuItem>
      ) : null}
      <MenuSeparator />
      {publications.length > 0 ? (
        <MenuGroup aria-label="Your publications">
          <MenuLabel>Publications</MenuLabel>
          {publications.map((publication) => (
            <MenuItem key={publication.id} asChild>
              <Link
                href={`/publications/${encodeURIComponent(publication.id)}`}
                className={styles.menuPublication}
              >
                <Avatar name={publication.name} image={publication.image} size={22} />
                <span>{publication.name}</span>
              </Link>
            </MenuItem>
          ))}
        </MenuGroup>
      ) : null}
      {/* The new-publication dialog (SPEC §2), reachable from here (issue 10). */}
      <MenuItem onSelect={() => openDialog('new-publication')}>New publication</MenuItem>
      <MenuSeparator />
      <MenuItem asChild>
        <Link href="/authors/edit-profile">Edit profile</Link>
      </MenuItem>
      <MenuItem onSelect={() => void signOut({ callbackUrl: '/' })}>Sign out</MenuItem>
    </Menu>
  );
}
