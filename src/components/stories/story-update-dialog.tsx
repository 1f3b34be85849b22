'use client';

// SPEC §2 story-update, opened by the header's Next button when editing: Save (publishedAt kept),
// Publish a draft, or Republish a published story (publishedAt = now, SPEC §4). The excerpt is
// editable here by site editors and admins only (SPEC §2, §5: `can.canEditExcerpt`); buttons show and
// enable from the story's `can` flags (the server's policy), and are disabled while the call is out.
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date';
import { EXCERPT_MAX } from '@/server/modules/posts/posts.limits';
import { pageAfter } from './story-settings-actions';
import { applyStoryUpdate, type UpdateAction } from './story-update-actions';
import type { Story } from './story-api';
import { useDialogStory } from './use-story-dialog-data';
import styles from './story-dialogs.module.css';

type Props = DialogPropsMap['story-update'];

function statusLine(story: Story): string {
  switch (story.status) {
    case 'published':
      return `Published ${formatDateTime(story.publishedAt, story.languageCode)}`;
    case 'scheduled':
      return `Scheduled for ${formatDateTime(story.scheduledTime, story.languageCode)}`;
    case 'pending':
      return 'Under review';
    case 'rejected':
      return 'Returned by the publication';
    default:
      return 'Draft';
  }
}

export default function StoryUpdateDialog(props: Props) {
  const { story, loading, error } = useDialogStory(props.postId, props.story);
  if (!story) {
    return (
      <DialogShell title="Update story" size="medium">
        <p className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : 'status'}>
          {error ?? (loading ? 'Loading the story…' : 'No story to update.')}
        </p>
      </DialogShell>
    );
  }
  return <StoryUpdateForm {...props} story={story} />;
}

function StoryUpdateForm({
  story,
  draft,
  onStoryChange,
  openSettings,
  returnPath,
}: Props & { story: Story }) {
  const router = useRouter();
  const { closeDialog } = useDialog();
  const excerptId = useId();
  const [excerpt, setExcerpt] = useState(draft?.excerpt ?? story.excerpt);

  const { can } = story;
  const isAuthor = can.canEdit;
  const showPublish = can.canPublish || can.locked.includes('publish');
  const showRepublish = can.canRepublish || can.locked.includes('republish');
  // A writer who may only submit to review sees that button instead of a locked Publish (DESIGN §3).
  const reviewInstead = can.canSubmitForReview && !can.canPublish;
  const maySave = can.canEdit || can.canEditExcerpt;

  const update = useMutation(
    (action: UpdateAction) =>
      applyStoryUpdate({
        action,
        story,
        draft,
        excerpt: can.canEditExcerpt ? excerpt : undefined,
        isAuthor,
        onStoryChange,
      }),
    {
      onSuccess: (saved) => {
        closeDialog();
        if (returnPath) router.refresh();
        router.push(returnPath ?? pageAfter(saved));
      },
    },
  );
  const busy = update.busy;
  const run = (action: UpdateAction) => void update.run(action);

  const title = (draft?.title ?? story.title).trim() || 'Untitled story';
  return (
    <DialogShell title="Update story" description={statusLine(story)} size="medium">
      <div className={styles.form}>
        <p className={styles.storyTitle}>
          <span className="visually-hidden">Story: </span>
          {title}
        </p>
        <div className={styles.fieldGroup}>
          {can.canEditExcerpt ? (
            <>
              <label htmlFor={excerptId} className={styles.label}>
                Excerpt
              </label>
              <textarea
                id={excerptId}
                className={`input ${styles.excerpt}`}
                value={excerpt}
                maxLength={EXCERPT_MAX}
                rows={3}
                disabled={busy}
                onChange={(event) => setExcerpt(event.target.value)}
              />
            </>
          ) : (
            <>
              <span className={styles.label}>Excerpt</span>
              <p className={styles.readOnly}>{excerpt || '—'}</p>
              <p className="field-hint">Only site editors and admins can change the excerpt of a story.</p>
            </>
          )}
        </div>
        {can.canMove && openSettings ? (
          <button type="button" className={styles.linkButton} disabled={busy} onClick={openSettings}>
            Topics, publication and scheduling…
          </button>
        ) : null}
        {can.locked.includes('republish') ? (
          <p className={styles.note} role="note">
            {story.publicationId
              ? 'Only the publication’s owner and editors can republish this story.'
              : 'Only the author can republish this story.'}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="outline" busy={busy} disabled={!maySave} onClick={() => run('save')}>
            Save
          </Button>
          {showRepublish ? (
            <Button busy={busy} disabled={!can.canRepublish} onClick={() => run('republish')}>
              Republish
            </Button>
          ) : null}
          {reviewInstead ? (
            <Button busy={busy} onClick={() => run('review')}>
              Submit for review
            </Button>
          ) : null}
          {showPublish && !reviewInstead ? (
            <Button busy={busy} disabled={!can.canPublish} onClick={() => run('publish')}>
              Publish
            </Button>
          ) : null}
        </div>
      </div>
    </DialogShell>
  );
}
