// The staff area's sections, as links (the section lives in the address: /admin?section=…).
import Link from '@/components/ui/link';
import type { StaffCapabilities } from '@/server/auth/policy';
import styles from './staff.module.css';

export const STAFF_SECTIONS = [
  'stories',
  'curated',
  'publications',
  'subtopics',
  'verses',
  'reports',
  'log',
  'roles',
] as const;
export type StaffSection = (typeof STAFF_SECTIONS)[number];

const LABELS: Record<StaffSection, string> = {
  stories: 'Stories',
  curated: 'Curated sets',
  publications: 'Devotion & trending',
  subtopics: 'Subtopics',
  verses: 'Verse of the day',
  reports: 'Reports',
  log: 'Moderation log',
  roles: 'Site roles',
};

/** The sections this staff member may open (site editors: stories, the log and the staff list). */
export function sectionsFor(can: StaffCapabilities): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => {
    if (section === 'curated' || section === 'publications') return can.canSetCuratedSets;
    if (section === 'subtopics') return can.canManageSubtopics;
    if (section === 'verses') return can.canManageDailyVerses;
    return true;
  });
}

export function StaffNav({ sections, current }: { sections: StaffSection[]; current: StaffSection }) {
  return (
    <nav aria-label="Staff area">
      <ul className={styles.nav}>
        {sections.map((section) => (
          <li key={section}>
            <Link
              href={`/admin?section=${section}`}
              className={styles.navLink}
              aria-current={section === current ? 'page' : undefined}
            >
              {LABELS[section]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
