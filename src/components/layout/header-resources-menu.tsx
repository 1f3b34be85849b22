'use client';

import Link from '@/components/ui/link';
import { BookIcon, ChevronDownIcon } from '@/components/ui/icons';
import { Menu, MenuItem, MenuLabel } from '@/components/ui/menu';
import { RESOURCE_LINKS } from './resources';
import { SITE_LINKS } from './site-links';
import styles from './header.module.css';

export function HeaderResourcesMenu() {
  return (
    <Menu
      triggerClassName={styles.menuTrigger}
      triggerLabel="Resources"
      trigger={
        <>
          <BookIcon className={styles.mobileOnlyIcon} />
          <span className={styles.desktopOnlyText}>Resources</span>
          <ChevronDownIcon className={styles.desktopOnlyText} />
        </>
      }
    >
      <MenuLabel>Guides</MenuLabel>
      {RESOURCE_LINKS.map((link) => (
        <MenuItem key={link.href} asChild>
          <Link href={link.href}>{link.title}</Link>
        </MenuItem>
      ))}
      <MenuLabel>Lamplight</MenuLabel>
      {SITE_LINKS.map((link) => (
        <MenuItem key={link.href} asChild>
          <Link href={link.href}>{link.title}</Link>
        </MenuItem>
      ))}
    </Menu>
  );
}
