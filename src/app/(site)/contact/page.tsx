import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { connection } from 'next/server';
import { env } from '@/server/lib/env';
import styles from './contact.module.css';

// /contact (issue 19): how to reach the people who run this site — "Help & support" in the
// publication menus and the footers lead here. The ways come from the configuration
// (SUPPORT_EMAIL, SUPPORT_URL; env.ts supportContact()); with none, the page says so rather than
// offer an address nobody reads (docs/decisions/029-public-links-and-contact.md).

export const metadata: Metadata = {
  title: 'Contact',
  description: 'How to reach the team that runs Lamplight.',
  alternates: { canonical: '/contact' },
};

export default async function ContactPage() {
  // Read at request time: the configuration of the running server, not of the build.
  await connection();
  const email = env.SUPPORT_EMAIL;
  const url = env.SUPPORT_URL;
  return (
    <div className={`reading ${styles.page}`}>
      <h1 className={styles.title}>Contact</h1>
      <p className={styles.lead}>
        Questions about your account or a publication, a story that breaks the rules, an idea for the site:
        the team that runs Lamplight reads every message.
      </p>
      {email || url ? (
        <ul className={styles.ways} aria-label="Ways to reach us">
          {email ? (
            <li>
              <span className={styles.label}>E-mail</span>
              <a href={`mailto:${email}`} className={styles.value}>
                {email}
              </a>
            </li>
          ) : null}
          {url ? (
            <li>
              <span className={styles.label}>Help centre</span>
              <a href={url} className={styles.value} rel="noopener">
                {url}
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className={styles.none} role="note">
          This site&rsquo;s team has not published a contact address yet. Until they do, a publication&rsquo;s
          owners can be reached through the publication&rsquo;s page.
        </p>
      )}
      <p>
        <Link href="/">Back to the home page</Link>
      </p>
    </div>
  );
}
