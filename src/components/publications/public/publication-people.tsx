import Link from '@/components/ui/link';
import { Avatar } from '@/components/ui/avatar';
import type { PublicationMember } from '@/server/modules/publications/publications.schema';
import styles from './publication-home.module.css';

type PeopleGroup = { id: string; title: string; members: PublicationMember[] };

/** The publication's owners, editors and authors (SPEC §2), each linking to /@handle when they have one. */
export function PublicationPeople({
  owners,
  editors,
  authors,
}: {
  owners: PublicationMember[];
  editors: PublicationMember[];
  authors: PublicationMember[];
}) {
  const groups: PeopleGroup[] = [
    { id: 'owners', title: owners.length === 1 ? 'Owner' : 'Owners', members: owners },
    { id: 'editors', title: editors.length === 1 ? 'Editor' : 'Editors', members: editors },
    { id: 'authors', title: authors.length === 1 ? 'Author' : 'Authors', members: authors },
  ].filter((group) => group.members.length > 0);

  return (
    <>
      {groups.map((group) => (
        <section key={group.id} className={styles.people} aria-labelledby={`publication-${group.id}`}>
          <h2 id={`publication-${group.id}`} className={styles.sectionTitle}>
            {group.title}
          </h2>
          <ul className={styles.peopleList}>
            {group.members.map((member) => (
              <li key={member.userId} className={styles.person}>
                <Avatar name={member.name} image={member.image} size={36} />
                {member.subdomain ? (
                  <Link href={`/@${member.subdomain}`} className={styles.personName}>
                    {member.name}
                  </Link>
                ) : (
                  <span className={styles.personName}>{member.name}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
