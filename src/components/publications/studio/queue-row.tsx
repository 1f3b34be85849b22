'use client';

// One story in the publication studio: its title (the story, or the editor for its own author), its
// author, collection and date, and the review actions its `can` flags allow (DESIGN §3): Approve
// publishes now, Schedule / Reschedule / Cancel schedule open SPEC §2's dialogs, Reject asks for a
// reason, Unpublish asks first. Scheduling the story's state allows but this member may not do is
// shown disabled (SPEC §5 locks).
import Link from '@/components/ui/link';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { unpublishStory } from '@/components/studio/studio-api';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import { approveStory, type StorySummary } from './queue-api';
import type { QueueTab } from './queue-tabs';
import rows from '@/components/studio/story-rows.module.css';
import styles from './publication-studio.module.css';

type Props = {
  story: StorySummary;
  tab: QueueTab;
  /** The name of the story's collection in this publication, when it has one. */
  collectionName?: string;
  /** After an action: the lists reload (the story leaves this one). */
  onChanged: () => void;
  /** The studio's address, the page the dialogs return to. */
  returnPath: string;
};

const LOCK_NOTE = 'Only the publication’s owner and editors can schedule stories.';

function When({ story, tab }: { story: StorySummary; tab: QueueTab }) {
  const locale = story.languageCode;
  const at = (ms: number, text: string) => <time dateTime={new Date(ms).toISOString()}>{text}</time>;
  if (tab === 'published' && story.publishedAt)
    return <>Published {at(story.publishedAt, formatDate(story.publishedAt, locale))}</>;
  if (tab === 'scheduled' && story.scheduledTime)
    return <>Scheduled for {at(story.scheduledTime, formatDateTime(story.scheduledTime, locale))}</>;
  // A story under review was last changed when its author submitted it.
  return <>Submitted {at(story.updatedAt, formatDateTime(story.updatedAt, locale))}</>;
}

export function QueueRow({ story, tab, collectionName, onChanged, returnPath }: Props) {
  const { openDialog } = useDialog();
  const { showToast } = useToast();
  const title = story.title.trim() || 'Untitled story';
  const can = story.can;
  // Out stories are read on their page; the author edits theirs; editors preview the rest.
  const href = !story.publishedAt && can?.canEdit ? `/stories/edit/${story.id}` : storyPath(story);
  const follow = { story, onDone: onChanged, returnPath };

  const approve = useMutation(approveStory, {
    holdsDialog: false,
    onSuccess: () => {
      showToast(`“${title}” is published.`, 'info');
      onChanged();
    },
  });
  const busy = approve.busy;
  const named = (label: string) => (
    <>
      {label}
      <span className="visually-hidden">: {title}</span>
    </>
  );

  const locked = can?.locked ?? [];
  const showSchedule = Boolean(can?.canSchedule || locked.includes('schedule'));
  const showReschedule = Boolean(can?.canReschedule || locked.includes('reschedule'));
  const showCancel = Boolean(can?.canCancelSchedule || locked.includes('cancelSchedule'));
  const anyLocked =
    (showSchedule && !can?.canSchedule) ||
    (showReschedule && !can?.canReschedule) ||
    (showCancel && !can?.canCancelSchedule);
  const hasActions =
    can?.canApprove || can?.canReject || can?.canUnpublish || showSchedule || showReschedule || showCancel;

  return (
    <li className={styles.row} data-story-id={story.id}>
      <div className={rows.rowMain}>
        <h2 className={rows.rowTitle}>
          <Link href={href} className={rows.rowLink}>
            {title}
          </Link>
        </h2>
        {story.excerpt.trim() ? <p className={rows.rowExcerpt}>{story.excerpt}</p> : null}
        <p className={styles.rowMeta}>
          <span>
            by{' '}
            {story.author.subdomain ? (
              <Link href={`/@${story.author.subdomain}`} className={styles.metaLink}>
                {story.author.name || 'a writer'}
              </Link>
            ) : (
              story.author.name || 'a writer'
            )}
          </span>
          <span>{collectionName ?? 'No collection'}</span>
          <span>
            <When story={story} tab={tab} />
          </span>
        </p>
      </div>
      {hasActions ? (
        <div className={styles.rowActions}>
          <div className={styles.buttons} role="group" aria-label={`Actions for ${title}`}>
            {can?.canApprove ? (
              <Button size="small" busy={busy} onClick={() => void approve.run(story.id)}>
                {named('Approve')}
              </Button>
            ) : null}
            {showSchedule ? (
              <Button
                size="small"
                variant="outline"
                disabled={busy || !can?.canSchedule}
                onClick={() => openDialog('schedule-story', follow)}
              >
                {named('Schedule')}
              </Button>
            ) : null}
            {showReschedule ? (
              <Button
                size="small"
                variant="outline"
                disabled={!can?.canReschedule}
                onClick={() => openDialog('reschedule-story', follow)}
              >
                {named('Reschedule')}
              </Button>
            ) : null}
            {showCancel ? (
              <Button
                size="small"
                variant="outline"
                disabled={!can?.canCancelSchedule}
                onClick={() => openDialog('cancel-schedule-story', follow)}
              >
                {named('Cancel schedule')}
              </Button>
            ) : null}
            {can?.canReject ? (
              <Button
                size="small"
                variant="outline"
                className={styles.rejectButton}
                disabled={busy}
                onClick={() => openDialog('reject-story', follow)}
              >
                {named('Reject')}
              </Button>
            ) : null}
            {can?.canUnpublish ? (
              <Button
                size="small"
                variant="outline"
                onClick={() =>
                  openDialog('confirmation', {
                    title: 'Unpublish story',
                    question:
                      'Are you sure you want to unpublish this story? It goes back to its author as a draft and leaves the publication.',
                    subject: title,
                    confirmLabel: 'Unpublish',
                    danger: true,
                    action: () => unpublishStory(story.id),
                    onDone: onChanged,
                    returnPath,
                  })
                }
              >
                {named('Unpublish')}
              </Button>
            ) : null}
          </div>
          {anyLocked ? <p className={styles.lockNote}>{LOCK_NOTE}</p> : null}
        </div>
      ) : null}
    </li>
  );
}
