'use client';

// One list of the admin area's member management (owners, editors or authors): picture, name (to
// their home page when they have one), when they joined, their user id to copy, and the member menu
// (SPEC §2 publication-editor / publication-author) when the server's flags offer anything in it.
import Link from '@/components/ui/link';
import type { ReactNode } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Avatar } from '@/components/ui/avatar';
import { ReaderDate } from '@/components/dates/reader-date';
import { CopyableId } from './copy-id-button';
import type { PublicationMember } from './manage-api';
import type { MemberActions, PublicationRef } from './manage-dialog-types';
import styles from './member-list.module.css';

type Props = {
  id: string;
  title: string;
  lead: string;
  empty: string;
  members: PublicationMember[];
  publication: PublicationRef;
  /** The member menu's key, or null for a list without one (the owners). */
  menu: 'publication-editor' | 'publication-author' | null;
  actions: MemberActions;
  onChange: () => void;
  /** The add button, beside the title. */
  addButton?: ReactNode;
};

export function MemberList({
  id,
  title,
  lead,
  empty,
  members,
  publication,
  menu,
  actions,
  onChange,
  addButton,
}: Props) {
  const { openDialog } = useDialog();
  const hasMenu = menu !== null && (actions.canChangeRoles || actions.canManageContributors);
  return (
    <section className={styles.memberGroup} aria-labelledby={id}>
      <div className={styles.memberHead}>
        <div>
          <h3 id={id} className={styles.subTitle}>
            {title} <span className={styles.count}>{members.length}</span>
          </h3>
          <p className={styles.memberLead}>{lead}</p>
        </div>
        {addButton}
      </div>
      {members.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.members} aria-labelledby={id}>
          {members.map((member) => (
            <li key={member.userId} className={styles.member}>
              <Avatar name={member.name} image={member.image} size={44} />
              <div className={styles.memberMain}>
                <p className={styles.memberName}>
                  {member.subdomain ? <Link href={`/@${member.subdomain}`}>{member.name}</Link> : member.name}
                  <span className={styles.memberSince}>
                    Joined <ReaderDate value={member.joinedAt} />
                  </span>
                </p>
                <CopyableId id={member.userId} name={member.name} />
              </div>
              {hasMenu && menu ? (
                <button
                  type="button"
                  className={`button button-outline button-small ${styles.memberMenu}`}
                  aria-haspopup="dialog"
                  aria-label={`Manage ${member.name}`}
                  onClick={() => openDialog(menu, { publication, member, actions, onDone: onChange })}
                >
                  Manage
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
