'use client';

// SPEC §2 member menus: 'publication-editor' (Change user role, Remove this editor) and
// 'publication-author' (Change user role, Remove the author). Each item shows when the server's
// flags allow it; they open 'publication-role' and 'remove-author'.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { MemberDialogProps } from './manage-dialog-types';
import { MemberSubject } from './member-subject';
import styles from './manage-dialogs.module.css';

export function MemberMenuDialog({
  title,
  removeLabel,
  ...props
}: MemberDialogProps & { title: string; removeLabel: string }) {
  const { openDialog } = useDialog();
  const { actions } = props;
  return (
    <DialogShell title={title} size="small">
      <MemberSubject member={props.member} />
      <ul className={styles.menu}>
        {actions.canChangeRoles ? (
          <li>
            <button
              type="button"
              className={styles.menuItem}
              onClick={() => openDialog('publication-role', props)}
            >
              Change user role
            </button>
          </li>
        ) : null}
        {actions.canManageContributors ? (
          <li>
            <button
              type="button"
              className={`${styles.menuItem} ${styles.menuItemDanger}`}
              onClick={() => openDialog('remove-author', props)}
            >
              {removeLabel}
            </button>
          </li>
        ) : null}
      </ul>
    </DialogShell>
  );
}
