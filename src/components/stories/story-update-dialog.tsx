'use client';

// SPEC §2 story-update, opened by the header's Next button when editing: Save (publishedAt kept),
// Publish a draft, or Republish a published story (publishedAt = now, SPEC §4). The excerpt is
// editable here by site editors and admins only (SPEC §5); buttons are disabled while busy and
// when the policy says the user may not act (DESIGN §4).
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { toErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { can, isSiteAdmin, isSiteEditor } from '@/server/auth/policy';
import { pageAfter } from './story-settings-actions';
import { applyStoryUpdate, type UpdateAction } from './story-update-actions';
import type { Story } from './story-api';
import { useActor, useDialogStory, usePublicationRole } from './use-story-dialog-data';
import styles from './story-dialogs.module.css';

type Props = DialogPropsMap['story-update'];

function statusLine(story: Story): string {
  switch (story.status) {
    case 'published':
      return `Published ${formatDateTime(story.publishedAt)}`;
    case 'scheduled':
      return `Scheduled for ${formatDateTime(story.scheduledTime)}`;
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

function StoryUpdateForm({ story, draft, onStoryChange, openSettings }: Props & { story: Story }) {
  const router = useRouter();
  const { busy, setBusy, closeDialog, showMessage } = useDialog();
  const actor = useActor();
  const relation = usePublicationRole(story.publicationId);
  const excerptId = useId();
  const staff = isSiteAdmin(actor) || isSiteEditor(actor);
  const [excerpt, setExcerpt] = useState(draft?.excerpt ?? story.excerpt);

  const resource = {
    authorId: story.author.id,
    status: story.status,
    publicationId: story.publicationId,
    authorStatus: story.author.status,
  };
  const context = { publicationRole: relation.role };
  const isAuthor = can(actor, 'story.update', resource, context);
  const published = story.status === 'published';
  const unpublished = !published && story.status !== 'scheduled';
  const mayPublish = !relation.loading && can(actor, 'story.publish', resource, context);
  const mayRepublish = !relation.loading && can(actor, 'story.republish', resource, context);
  const mayReview = !relation.loading && can(actor, 'story.submitForReview', resource, context);
  const maySave = isAuthor || (staff && can(actor, 'story.editExcerpt', resource, context));

  const run = async (action: UpdateAction) => {
    if (busy) return;
    setBusy(true);
    try {
      const saved = await applyStoryUpdate({
        action,
        story,
        draft,
        excerpt: staff ? excerpt : undefined,
        isAuthor,
        onStoryChange,
      });
      setBusy(false);
      closeDialog();
      router.push(pageAfter(saved));
    } catch (failure) {
      setBusy(false);
      showMessage(toErrorMessage(failure));
    }
  };

  const title = (draft?.title ?? story.title).trim() || 'Untitled story';
  return (
    <DialogShell title="Update story" description={statusLine(story)} size="medium">
      <div className={styles.form}>
        <p className={styles.storyTitle}>
          <span className="visually-hidden">Story: </span>
          {title}
        </p>
        <div className={styles.fieldGroup}>
          {staff ? (
            <>
              <label htmlFor={excerptId} className={styles.label}>
                Excerpt
              </label>
              <textarea
                id={excerptId}
                className={`input ${styles.excerpt}`}
                value={excerpt}
                maxLength={500}
                rows={3}
                disabled={busy}
                onChange={(event) => setExcerpt(event.target.value)}
              />
            </>
          ) : (
            <>
              <span className={styles.label}>Excerpt</span>
              <p className={styles.readOnly}>{excerpt || '—'}</p>
              <p className="field-hint">
                {isAuthor && unpublished
                  ? 'You can change the excerpt in the editor until the story is published.'
                  : 'Only site editors and admins can change the excerpt of a published story.'}
              </p>
            </>
          )}
        </div>
        {unpublished && openSettings ? (
          <button type="button" className={styles.linkButton} disabled={busy} onClick={openSettings}>
            Topics, publication and scheduling…
          </button>
        ) : null}
        {published && !relation.loading && !mayRepublish ? (
          <p className={styles.note} role="note">
            {story.publicationId
              ? 'Only the publication’s owner and editors can republish this story.'
              : 'Only the author can republish this story.'}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-outline"
            disabled={busy || !maySave}
            onClick={() => run('save')}
          >
            Save
          </button>
          {published ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy || !mayRepublish}
              onClick={() => run('republish')}
            >
              Republish
            </button>
          ) : null}
          {unpublished && mayReview && !mayPublish ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => run('review')}
            >
              Submit for review
            </button>
          ) : null}
          {unpublished && !(mayReview && !mayPublish) ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy || !mayPublish}
              onClick={() => run('publish')}
            >
              Publish
            </button>
          ) : null}
        </div>
      </div>
    </DialogShell>
  );
}
