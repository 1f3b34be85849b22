'use client';

// SPEC §2 'story-actions': Edit story; Story settings; Schedule to publish (neither published nor
// scheduled); Unpublish (published); Reschedule and Cancel schedule (scheduled); Delete story (opens
// the confirmation). Each item shows only when the policy lets this user do it, except scheduling,
// which SPEC §5 shows disabled to writers who are not the publication's owner or editor.
import { useRouter } from 'next/navigation';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useActor } from '@/components/stories/use-story-dialog-data';
import { can, type StoryResource } from '@/server/auth/policy';
import { unpublishStory } from './studio-api';
import type { StoryActionsDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';
import styles from './studio-dialogs.module.css';

type Item = { label: string; onSelect: () => void; disabled?: boolean; note?: string; danger?: boolean };

export default function StoryActionsDialog({
  story,
  publicationRole = null,
  onDone,
  returnPath,
}: StoryActionsDialogProps) {
  const router = useRouter();
  const actor = useActor();
  const { openDialog, closeDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });

  const resource: StoryResource = {
    authorId: story.author.id,
    status: story.status,
    publicationId: story.publicationId,
    authorStatus: story.author.status,
  };
  const context = { publicationRole };
  const may = (action: Parameters<typeof can>[1]) => can(actor, action, resource, context);
  const follow = { story, onDone, returnPath };
  const scheduleNote = story.publicationId
    ? 'Only the publication’s owner and editors can schedule it.'
    : undefined;

  const items: Item[] = [];
  if (may('story.update')) {
    items.push({
      label: 'Edit story',
      onSelect: () => {
        closeDialog();
        router.push(`/stories/edit/${story.id}`);
      },
    });
    items.push({
      label: 'Story settings',
      onSelect: () => openDialog('story-settings', { postId: story.id, onStoryChange: () => onDone?.() }),
    });
  }
  if (story.status !== 'published' && story.status !== 'scheduled') {
    const allowed = may('story.schedule');
    items.push({
      label: 'Schedule to publish',
      onSelect: () => openDialog('schedule-story', follow),
      disabled: !allowed,
      note: allowed ? undefined : scheduleNote,
    });
  }
  if (story.status === 'published' && may('story.unpublish')) {
    items.push({ label: 'Unpublish', onSelect: () => void run(() => unpublishStory(story.id)) });
  }
  if (story.status === 'scheduled') {
    const allowed = may('story.reschedule');
    items.push({
      label: 'Reschedule',
      onSelect: () => openDialog('reschedule-story', follow),
      disabled: !allowed,
      note: allowed ? undefined : scheduleNote,
    });
    items.push({
      label: 'Cancel schedule',
      onSelect: () => openDialog('cancel-schedule-story', follow),
      disabled: !may('story.cancelSchedule'),
    });
  }
  if (may('story.delete')) {
    items.push({
      label: 'Delete story',
      onSelect: () => openDialog('delete-confirmation', follow),
      danger: true,
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
