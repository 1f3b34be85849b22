import Link from '@/components/ui/link';
import { SITE_LINKS } from './site-links';
import styles from './site-footer.module.css';

/** The foot of every site page: the links in SITE_LINKS (the mobile tab bar stays SPEC §2's). */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <nav aria-label="Site" className={styles.links}>
        <Link href="/" className={styles.brand}>
          Lamplight
        </Link>
        {SITE_LINKS.map((link) => (
          <Link key={link.href} href={link.href}>
            {link.title}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
