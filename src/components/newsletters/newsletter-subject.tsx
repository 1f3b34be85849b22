'use client';

// The article a newsletter dialog is about: its title and its time ('Published at:', 'Scheduled to
// Publish at:' or 'Created at:'), in English or Chinese by the reader's locale (SPEC §2).
import { useReaderLocale } from '@/components/hooks/use-reader-locale';
import styles from '@/components/studio/studio-dialogs.module.css';
import { storyTimeLine } from './story-time';

type Props = {
  title: string;
  times: { publishedAt: number | null; scheduledTime: number | null; createdAt: number } | null;
};

export function NewsletterSubject({ title, times }: Props) {
  const locale = useReaderLocale();
  const line = times ? storyTimeLine(times, locale) : null;
  return (
    <p className={styles.subject}>
      <span className={styles.subjectTitle}>{title.trim() || 'Untitled story'}</span>
      {line ? (
        <span>
          {line.label} <time dateTime={line.iso}>{line.text}</time>
        </span>
      ) : null}
    </p>
  );
}
