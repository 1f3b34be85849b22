import { Avatar } from '@/components/ui/avatar';
import type { PublicationMember } from './manage-api';
import styles from './manage-dialogs.module.css';

/** The person a member dialog is about: picture, name and user id. */
export function MemberSubject({ member }: { member: PublicationMember }) {
  return (
    <div className={styles.subject}>
      <Avatar name={member.name} image={member.image} size={40} />
      <div className={styles.subjectText}>
        <span className={styles.subjectName}>{member.name}</span>
        <span className={styles.subjectMeta}>
          {member.subdomain ? `@${member.subdomain}` : member.userId}
        </span>
      </div>
    </div>
  );
}
