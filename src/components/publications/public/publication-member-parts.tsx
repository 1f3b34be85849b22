'use client';

// The reader's own parts of the publication page, which is one HTML for every reader (decision 031):
// what their standing in the publication lets them do, from GET /api/me/page-state after the page.
import Link from '@/components/ui/link';
import { usePageState } from '@/components/viewer/use-page-state';
import type { CollectionSummary } from '@/server/modules/publications/publications.schema';
import styles from './publication-home.module.css';

const usePublicationFlags = (publicationId: string) =>
  usePageState({ publication: publicationId })?.publication?.capabilities ?? null;

/** Studio, Admin and Edit profile, each only where the reader's flags allow it. */
export function MemberLinks({ publicationId }: { publicationId: string }) {
  const state = usePageState({ publication: publicationId });
  const flags = state?.publication?.capabilities ?? null;
  const id = encodeURIComponent(publicationId);
  const links = flags
    ? [
        flags.canOpenStudio && { href: `/publications/${id}/studio`, label: 'Studio' },
        flags.canOpenAdmin && { href: `/publications/admin/${id}`, label: 'Admin' },
        flags.canEditProfile && { href: `/publications/${id}/edit`, label: 'Edit profile' },
      ].filter((link): link is { href: string; label: string } => Boolean(link))
    : [];
  // The row is kept for a signed-in reader until the flags come (publication-home.module.css).
  return (
    <nav
      className={styles.memberLinks}
      aria-label="Manage this publication"
      hidden={links.length === 0}
      data-settled={state ? '' : undefined}
    >
      {links.map((link) => (
        <Link key={link.href} href={link.href} className="button button-outline button-small">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** An empty list's words, and Write a story for a reader who may submit stories here. */
export function EmptyStories({
  publicationId,
  publicationName,
  collection,
}: {
  publicationId: string;
  publicationName: string;
  collection: CollectionSummary | null;
}) {
  const canWrite = usePublicationFlags(publicationId)?.canSubmitStories ?? false;
  return (
    <>
      <p className={styles.emptyTitle}>
        {collection ? `No stories in ${collection.name} yet.` : `${publicationName} has no stories yet.`}
      </p>
      <p className={styles.emptyText}>
        {canWrite
          ? 'Write a story and choose this publication in its settings to send it here.'
          : 'When its writers publish, their stories will appear here.'}
      </p>
      {canWrite ? (
        <Link href="/stories/new-story" className="button button-dark button-small">
          Write a story
        </Link>
      ) : null}
    </>
  );
}
