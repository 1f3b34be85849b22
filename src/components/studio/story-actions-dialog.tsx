'use client';

// SPEC §2 'story-actions': Edit story; Story settings; Schedule to publish (neither published nor
// scheduled); Unpublish (published); Reschedule and Cancel schedule (scheduled); Delete story (opens
// the confirmation). Each item shows from the story's `can` flags (the server's policy): allowed
// items are enabled, and scheduling items the story's state allows but the writer may not do in its
// publication are shown disabled (SPEC §5 locks).
import { useRouter } from 'next/navigation';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { unpublishStory } from './studio-api';
import type { StoryActionsDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';
import styles from './studio-dialogs.module.css';

type Item = { label: string; onSelect: () => void; disabled?: boolean; note?: string; danger?: boolean };

export default function StoryActionsDialog({ story, onDone, returnPath }: StoryActionsDialogProps) {
  const router = useRouter();
  const { openDialog, closeDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });

  const can = story.can;
  const follow = { story, onDone, returnPath };
  const scheduleNote = story.publicationId
    ? 'Only the publication’s owner and editors can schedule it.'
    : undefined;

  const items: Item[] = [];
  // The editor is where the author writes; site staff change another writer's excerpt in the
  // story-update dialog itself (SPEC §2, §6: the excerpt and nothing else).
  if (can?.canEdit) {
    items.push({
      label: 'Edit story',
      onSelect: () => {
        closeDialog();
        router.push(`/stories/edit/${story.id}`);
      },
    });
  } else if (can?.canEditExcerpt) {
    items.push({
      label: 'Edit excerpt',
      onSelect: () => openDialog('story-update', { postId: story.id, onStoryChange: () => onDone?.() }),
    });
  }
  if (can?.canEdit) {
    items.push({
      label: 'Story settings',
      onSelect: () => openDialog('story-settings', { postId: story.id, onStoryChange: () => onDone?.() }),
    });
  }
  if (can?.canSchedule || can?.locked.includes('schedule')) {
    const allowed = can.canSchedule;
    items.push({
      label: 'Schedule to publish',
      onSelect: () => openDialog('schedule-story', follow),
      disabled: !allowed,
      note: allowed ? undefined : scheduleNote,
    });
  }
  if (can?.canUnpublish) {
    items.push({ label: 'Unpublish', onSelect: () => void run(() => unpublishStory(story.id)) });
  }
  if (can?.canReschedule || can?.locked.includes('reschedule')) {
    const allowed = can.canReschedule;
    items.push({
      label: 'Reschedule',
      onSelect: () => openDialog('reschedule-story', follow),
      disabled: !allowed,
      note: allowed ? undefined : scheduleNote,
    });
  }
  if (can?.canCancelSchedule || can?.locked.includes('cancelSchedule')) {
    items.push({
      label: 'Cancel schedule',
      onSelect: () => openDialog('cancel-schedule-story', follow),
      disabled: !can.canCancelSchedule,
    });
  }
  // SPEC §4: newsletters on, the story in its publication, scheduled or published, not in one yet.
  if (can?.canAddToNewsletter && story.publicationId) {
    const publicationId = story.publicationId;
    items.push({
      label: 'Add to newsletter',
      onSelect: () => openDialog('add-newsletter', { story: { ...story, publicationId }, onDone }),
    });
  }
  if (can?.canDelete) {
    items.push({
      label: 'Delete story',
      onSelect: () => openDialog('delete-confirmation', follow),
      danger: true,
    });
  }
  // SPEC §2: site admins, on other users' stories; the label follows the author's status.
  if (can?.canBanAuthor || can?.canUnbanAuthor) {
    const unban = can.canUnbanAuthor;
    items.push({
      label: unban ? 'Unban author' : 'Ban author',
      onSelect: () =>
        openDialog('author-ban', { author: story.author, action: unban ? 'unban' : 'ban', onDone }),
      danger: !unban,
    });
  }

  return (
    <DialogShell title="Story actions" description={story.title.trim() || 'Untitled story'} size="small">
      {items.length === 0 ? (
        <p className="field-hint">There is nothing you can change on this story.</p>
      ) : (
        <ul className={styles.menu}>
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                className={`${styles.menuItem} ${item.danger ? styles.menuItemDanger : ''}`}
                disabled={busy || item.disabled}
                onClick={item.onSelect}
              >
                {item.label}
              </button>
              {item.note ? <p className={styles.menuNote}>{item.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {busy ? (
        <p className={styles.busy} role="status">
          Working…
        </p>
      ) : null}
    </DialogShell>
  );
}
