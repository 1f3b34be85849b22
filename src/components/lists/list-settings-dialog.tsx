'use client';

// SPEC §2 list-settings: links to edit this list or create a new one.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { PencilIcon, PlusIcon } from './list-icons';
import styles from './list-dialogs.module.css';

export default function ListSettingsDialog({ list }: DialogPropsMap['list-settings']) {
  const { openDialog } = useDialog();
  return (
    <DialogShell title="List settings" description={list.listName} size="small">
      <ul className={styles.menu}>
        <li>
          <button
            type="button"
            className={styles.menuButton}
            onClick={() => openDialog('edit-list', { list })}
          >
            <span className={styles.menuIcon}>
              <PencilIcon />
            </span>
            <span className={styles.menuText}>
              <span className={styles.menuLabel}>Edit list</span>
              <span className={styles.menuHint}>Rename it, make it public or private, or delete it</span>
            </span>
          </button>
        </li>
        <li>
          <button type="button" className={styles.menuButton} onClick={() => openDialog('create-list', {})}>
            <span className={styles.menuIcon}>
              <PlusIcon />
            </span>
            <span className={styles.menuText}>
              <span className={styles.menuLabel}>Create list</span>
              <span className={styles.menuHint}>Start a new list of stories</span>
            </span>
          </button>
        </li>
      </ul>
    </DialogShell>
  );
}
