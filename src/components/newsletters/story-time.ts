// SPEC §2 add/remove newsletter dialogs: the story's time, labelled by the first one it has.
import { formatDateTime } from '@/lib/format-date';

type Times = { publishedAt: number | null; scheduledTime: number | null; createdAt: number };

export function storyTimeLine(times: Times, locale: string): { label: string; text: string; iso: string } {
  const [label, value] =
    times.publishedAt !== null
      ? ['Published at:', times.publishedAt]
      : times.scheduledTime !== null
        ? ['Scheduled to Publish at:', times.scheduledTime]
        : ['Created at:', times.createdAt];
  return { label, text: formatDateTime(value, locale), iso: new Date(value).toISOString() };
}
