'use client';

// Site roles (DESIGN §4): the site editors and admins; a site admin grants either role by e-mail and
// revokes it — never the last admin's (the server refuses with a 409). `npm run admin -- grant EMAIL`
// does the same from the command line.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { grantRole, revokeRole, type SiteStaffMember } from './staff-api';
import styles from './staff.module.css';

const ROLE_LABEL = { admin: 'Site admin', editor: 'Site editor' } as const;

export function SiteRolesPanel({ staff, canManage }: { staff: SiteStaffMember[]; canManage: boolean }) {
  const router = useRouter();
  const { showMessage } = useDialog();
  const revoke = useMutation((userId: string, role: 'admin' | 'editor') => revokeRole(userId, role), {
    holdsDialog: false,
    onSuccess: () => {
      router.refresh();
      showMessage('Removed successfully!');
    },
  });
  return (
    <>
      {canManage ? <GrantRole /> : null}
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label="Site staff">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Roles</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id}>
                <td>{member.name}</td>
                <td>{member.email}</td>
                <td>
                  {member.siteRoles.map((role) => (
                    <span key={role} className={styles.row} style={{ marginBottom: 4 }}>
                      {ROLE_LABEL[role]}
                      {canManage ? (
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          disabled={revoke.busy}
                          aria-label={`Revoke ${ROLE_LABEL[role]} from ${member.name}`}
                          onClick={() => void revoke.run(member.id, role)}
                        >
                          Revoke
                        </button>
                      ) : null}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function GrantRole() {
  const router = useRouter();
  const { showMessage } = useDialog();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'editor'>('editor');
  const grant = useMutation(() => grantRole(email.trim(), role), {
    holdsDialog: false,
    showError: 'inline',
    onSuccess: () => {
      setEmail('');
      router.refresh();
      showMessage('Changed successfully!');
    },
  });
  return (
    <form
      className={`${styles.card} ${styles.row}`}
      aria-label="Grant a site role"
      onSubmit={(event) => {
        event.preventDefault();
        void grant.run();
      }}
    >
      <Field label="E-mail of the account" error={grant.error}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            required
            value={email}
            disabled={grant.busy}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label="Role">
        {(control) => (
          <select
            {...control}
            className="input"
            value={role}
            disabled={grant.busy}
            onChange={(event) => setRole(event.target.value as 'admin' | 'editor')}
          >
            <option value="editor">{ROLE_LABEL.editor}</option>
            <option value="admin">{ROLE_LABEL.admin}</option>
          </select>
        )}
      </Field>
      <Button type="submit" busy={grant.busy}>
        Grant
      </Button>
    </form>
  );
}
