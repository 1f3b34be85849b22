'use client';

// SPEC §2 'publication-links': Publication Admin, Publication Studio, Edit Profile, Help & support.
// Each page shows only when the server's flags let the user open it; Help & support always shows.
import Link from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { PublicationLinksDialogProps } from './manage-dialog-types';
import { publicationPaths } from './publication-paths';
import styles from './manage-dialogs.module.css';

export default function PublicationLinksDialog({
  publication,
  capabilities,
  supportHref,
}: PublicationLinksDialogProps) {
  const { closeDialog } = useDialog();
  const pathname = usePathname();
  const paths = publicationPaths(publication.id);
  const links = [
    capabilities.canOpenAdmin && { label: 'Publication Admin', href: paths.admin },
    capabilities.canOpenStudio && { label: 'Publication Studio', href: paths.studio },
    capabilities.canEditProfile && { label: 'Edit Profile', href: paths.edit },
  ].filter((link): link is { label: string; href: string } => Boolean(link));

  return (
    <DialogShell title="Publication menu" description={publication.name} size="small">
      <nav aria-label={`${publication.name} pages`}>
        <ul className={styles.menu}>
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className={styles.menuItem}
                aria-current={pathname === link.href ? 'page' : undefined}
                onClick={closeDialog}
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <Link href={supportHref} className={styles.menuItem} onClick={closeDialog}>
              Help &amp; support
              <span className={styles.menuHint}>Reach the site&rsquo;s team</span>
            </Link>
          </li>
        </ul>
      </nav>
    </DialogShell>
  );
}
