'use client';

// SPEC §2 Write: anonymous visitors start sign-in; signed-in users go to /stories/new-story.
import { useSession } from 'next-auth/react';
import Link from '@/components/ui/link';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { WriteIcon } from '@/components/ui/icons';

const NEW_STORY = '/stories/new-story';

type WriteButtonProps = {
  className?: string;
  /** Class of the text, so callers can hide it on small screens. */
  textClassName?: string;
  children?: React.ReactNode;
  showIcon?: boolean;
};

export function WriteButton({ className, textClassName, children, showIcon = true }: WriteButtonProps) {
  const { status } = useSession();
  const { openDialog } = useDialog();
  // The header's short "Write" (its icon alone on phones) is named in full; a caller's own words
  // are the name as they stand, so the name always holds the visible text (WCAG 2.5.3).
  const label = children === undefined ? 'Write a story' : undefined;
  const content = (
    <>
      {showIcon ? <WriteIcon /> : null}
      <span className={textClassName}>{children ?? 'Write'}</span>
    </>
  );

  if (status === 'authenticated') {
    return (
      <Link href={NEW_STORY} className={className} aria-label={label}>
        {content}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      disabled={status === 'loading'}
      onClick={() => openDialog('sso', { callbackUrl: NEW_STORY })}
    >
      {content}
    </button>
  );
}
