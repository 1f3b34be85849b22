'use client';

import { useSession } from 'next-auth/react';
import { usePathname } from 'next/navigation';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { HeaderResourcesMenu } from './header-resources-menu';
import { HeaderSearch } from './header-search';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { HeaderUserMenu } from './header-user-menu';
import { Logo } from './logo';
import { useNextButtonState } from './next-button-context';
import { hidesHeaderSearch, isEditorPath } from './route-rules';
import { WriteButton } from './write-button';
import styles from './header.module.css';

export function Header({ searchUrl }: { searchUrl: string }) {
  const pathname = usePathname() ?? '/';

  if (isEditorPath(pathname)) {
    return (
      <header className={styles.header}>
        <div className={styles.inner}>
          <Logo />
          <div className={styles.actions}>
            <EditorNextButton isEdit={pathname.startsWith('/stories/edit/')} />
          </div>
        </div>
      </header>
    );
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.start}>
          <Logo />
          <HeaderResourcesMenu />
          {hidesHeaderSearch(pathname) ? null : <HeaderSearch action={searchUrl} />}
        </div>
        <div className={styles.actions}>
          <SessionActions />
        </div>
      </div>
    </header>
  );
}

function SessionActions() {
  const { status } = useSession();
  const { openDialog } = useDialog();

  if (status === 'loading') {
    // Same footprint as the real buttons, so nothing jumps when the session arrives.
    return (
      <div className={styles.skeleton} aria-hidden="true">
        <span className={styles.skeletonPill} />
        <span className={styles.skeletonCircle} />
      </div>
    );
  }

  return (
    <>
      <WriteButton className={styles.writeButton} textClassName={styles.desktopOnlyText} />
      {status === 'authenticated' ? (
        <>
          <NotificationBell />
          <HeaderUserMenu />
        </>
      ) : (
        <button
          type="button"
          className="button button-primary button-small"
          onClick={() => openDialog('sso')}
        >
          Sign in
        </button>
      )}
    </>
  );
}

function EditorNextButton({ isEdit }: { isEdit: boolean }) {
  const { disabled, onClick, label = 'Next', ariaLabel } = useNextButtonState();
  const target = isEdit ? 'story update' : 'story settings';
  const name =
    ariaLabel ?? (disabled ? `${label}: opens ${target} (not available yet)` : `${label}: open ${target}`);
  return (
    <button
      type="button"
      className="button button-primary button-small"
      disabled={disabled}
      aria-label={name}
      onClick={disabled ? undefined : onClick}
    >
      {label}
    </button>
  );
}
