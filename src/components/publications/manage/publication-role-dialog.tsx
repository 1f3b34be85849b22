'use client';

// SPEC §2 'publication-role': radio choices publication-author and publication-editor, and Update.
// SPEC §4: the change is sent (with the hyphen replaced by an underscore, SPEC §7) only when the
// chosen role differs from the current one; otherwise the dialog just closes.
import { useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { CHANGED_SUCCESSFULLY, type AssignableRole } from '@/server/modules/publications/publications.limits';
import { updateContributor } from './manage-api';
import type { MemberDialogProps } from './manage-dialog-types';
import { MemberSubject } from './member-subject';
import { ROLE_CHOICES, ROLE_LABELS, toRoleChoice, toWireRole, type RoleChoice } from './roles';
import styles from './manage-dialogs.module.css';

export default function PublicationRoleDialog({ publication, member, onDone }: MemberDialogProps) {
  const { closeDialog, showMessage } = useDialog();
  const current = toRoleChoice(member.userRole);
  const [choice, setChoice] = useState<RoleChoice>(current ?? ROLE_CHOICES[0]);

  const change = useMutation(
    (userRole: AssignableRole) => updateContributor(publication.id, member.userId, userRole),
    {
      onSuccess: () => {
        onDone?.();
        showMessage(CHANGED_SUCCESSFULLY);
      },
    },
  );

  const update = (event: FormEvent) => {
    event.preventDefault();
    if (choice === current) closeDialog();
    else void change.run(toWireRole(choice));
  };

  return (
    <DialogShell title="Change user role" size="small">
      <MemberSubject member={member} />
      <form className={styles.form} onSubmit={update}>
        <fieldset className={styles.radios} disabled={change.busy}>
          <legend>Role in {publication.name}</legend>
          {ROLE_CHOICES.map((value) => (
            <label key={value} className={styles.radio}>
              <input
                type="radio"
                name="userRole"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              <span className={styles.radioText}>
                <span className={styles.radioLabel}>{ROLE_LABELS[value].label}</span>
                <span className={styles.radioHint}>{ROLE_LABELS[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={closeDialog} disabled={change.busy}>
            Cancel
          </Button>
          <Button type="submit" busy={change.busy} busyLabel="Updating…">
            Update
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
