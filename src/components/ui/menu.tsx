'use client';

// A dropdown menu (the header's Resources and user menus): Radix DropdownMenu brings the keyboard
// (arrows, typeahead, Escape), focus return and the menu roles; this gives it the site's look.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './menu.module.css';

export type MenuProps = {
  /** The trigger's content (icon and/or text). */
  trigger: ReactNode;
  triggerClassName?: string;
  /** The trigger's accessible name, when its content is not text (WCAG: it must contain the visible text). */
  triggerLabel?: string;
  align?: 'start' | 'end';
  /** Extra class for the panel (e.g. a wider one). */
  className?: string;
  children: ReactNode;
};

export function Menu({
  trigger,
  triggerClassName,
  triggerLabel,
  align = 'start',
  className,
  children,
}: MenuProps) {
  return (
    // Not modal: the page behind keeps scrolling and the header stays usable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={className ? `${styles.content} ${className}` : styles.content}
          align={align}
          sideOffset={8}
          collisionPadding={12}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One choice: `onSelect` for an action, or `asChild` around a Link. */
export function MenuItem({ className, ...props }: ComponentPropsWithoutRef<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={className ? `${styles.item} ${className}` : styles.item} {...props} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className={styles.label}>{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className={styles.separator} />;
}

export const MenuGroup = DropdownMenu.Group;
