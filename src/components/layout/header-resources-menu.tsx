'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Link from 'next/link';
import { BookIcon, ChevronDownIcon } from '@/components/ui/icons';
import { RESOURCE_LINKS } from './resources';
import styles from './header.module.css';

export function HeaderResourcesMenu() {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.menuTrigger} aria-label="Resources">
        <BookIcon className={styles.mobileOnlyIcon} />
        <span className={styles.desktopOnlyText}>Resources</span>
        <ChevronDownIcon className={styles.desktopOnlyText} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="start" sideOffset={8} collisionPadding={12}>
          <DropdownMenu.Label className={styles.menuLabel}>Guides</DropdownMenu.Label>
          {RESOURCE_LINKS.map((link) => (
            <DropdownMenu.Item key={link.href} asChild className={styles.menuItem}>
              <Link href={link.href}>{link.title}</Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
