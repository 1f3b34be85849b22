'use client';

// A date on a listing page, in the reader's language (issue 11: list pages read in the reader's
// language, a story's own page in the story's). Usable from server and client components alike.
import { useReaderLocale } from '@/components/hooks/use-reader-locale';
import { formatDate, type DateInput } from '@/lib/format-date';

type ReaderDateProps = {
  value: DateInput;
  /** The reader's locale when the page already knows it (e.g. from the server); else the session's. */
  locale?: string;
};

export function ReaderDate({ value, locale }: ReaderDateProps) {
  const sessionLocale = useReaderLocale();
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{formatDate(date, locale ?? sessionLocale)}</time>;
}
