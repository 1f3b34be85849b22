'use client';

// SPEC §2 story-settings: topics, publication and collection, schedule toggle, and the Publish,
// Schedule and Save draft actions (§4, §5). Opened by the header's Next button on a new story, and
// with a postId for an existing one. Writers who may not publish in the chosen publication can only
// submit the story for review (DESIGN §3); what they may do there comes from the server's policy
// (the publication's `can`), never from roles worked out here.
import { useSession } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { useMutation } from '@/components/hooks/use-mutation';
import { detectLanguage, documentText, toStoryLanguage } from '@/lib/detect-language';
import { parseDateTimeLocalValue } from '@/lib/format-date';
import type { PlacementCapabilities } from '@/server/auth/policy';
import { LanguageField } from './language-field';
import { PublicationFields } from './publication-fields';
import { nowLocalValue, ScheduleField } from './schedule-field';
import {
  applyStorySettings,
  pageAfter,
  type SettingsAction,
  type StorySettingsState,
} from './story-settings-actions';
import type { Story } from './story-api';
import { TagInput } from './tag-input';
import {
  useDialogStory,
  useMyPublications,
  usePublicationPlacement,
  useSignedInUserId,
} from './use-story-dialog-data';
import styles from './story-dialogs.module.css';
import { ResponsesSetting } from '@/components/responses/responses-setting';

export const COLLECTION_FIRST = 'Please choose/create a collection firstly'; // SPEC §5, word for word

/** Outside publications a writer publishes and schedules their own story (DESIGN §3). */
const OWN_STORY: PlacementCapabilities = {
  canPublishStories: true,
  canScheduleStories: true,
  submitsStoriesForReview: false,
};

/**
 * The dialog's starting state for a story (or a new one). A new story starts in the writer's
 * preferred language (SPEC §3 session preferLanguageCode, else en).
 */
export function initialStorySettings(story: Story | null, preferLanguageCode?: string): StorySettingsState {
  return {
    tags: story?.tags.map((tag) => tag.name) ?? [],
    publicationId: story?.publicationId ?? null,
    collectionId: story?.collectionId ?? null,
    scheduleOn: false,
    scheduleAt: nowLocalValue(),
    languageCode: toStoryLanguage(story?.languageCode ?? preferLanguageCode),
  };
}

type Props = DialogPropsMap['story-settings'];

export default function StorySettingsDialog(props: Props) {
  const { story, loading, error } = useDialogStory(props.postId, props.story);
  if (props.postId && !story) {
    return (
      <DialogShell title="Story settings" size="large">
        <p className={error ? 'field-error' : 'field-hint'} role={error ? 'alert' : 'status'}>
          {error ?? (loading ? 'Loading the story…' : '')}
        </p>
      </DialogShell>
    );
  }
  return <StorySettingsForm {...props} story={story ?? undefined} />;
}

function StorySettingsForm({
  postId,
  story,
  draft,
  settings: given,
  onSettingsChange,
  onStoryChange,
}: Props) {
  const router = useRouter();
  const { closeDialog, showMessage } = useDialog();
  const apply = useMutation(applyStorySettings, {
    onSuccess: (saved) => {
      closeDialog();
      router.push(pageAfter(saved));
    },
  });
  const busy = apply.busy;
  const userId = useSignedInUserId();
  const preferLanguageCode = useSession().data?.user?.preferLanguageCode;
  const [settings, setSettingsState] = useState<StorySettingsState>(
    () => given ?? initialStorySettings(story ?? null, preferLanguageCode),
  );
  const { publications, loading: publicationsLoading } = useMyPublications(userId);
  const placement = usePublicationPlacement(settings.publicationId);

  const setSettings = (change: Partial<StorySettingsState>) => {
    const next = { ...settings, ...change };
    setSettingsState(next);
    onSettingsChange?.(next);
  };

  // A story that is out keeps its publication: only its topics and collection change here.
  const isOut = story ? !story.can.canMove : false;
  const here = settings.publicationId ? placement.can : OWN_STORY;
  const canPublish = !placement.loading && Boolean(here?.canPublishStories);
  const canSchedule = !placement.loading && Boolean(here?.canScheduleStories);
  const forReview = !placement.loading && Boolean(here?.submitsStoriesForReview);
  const title = (draft?.title ?? story?.title ?? '').trim();
  const bodyJson = draft?.bodyJson ?? story?.bodyJson;
  const detectedLanguage = useMemo(
    () => detectLanguage(`${title}\n${documentText(bodyJson)}`),
    [title, bodyJson],
  );

  const run = async (action: SettingsAction) => {
    if (busy) return;
    if (settings.publicationId && !settings.collectionId) {
      showMessage(COLLECTION_FIRST);
      return;
    }
    let scheduledTime: number | undefined;
    if (action === 'schedule') {
      scheduledTime = parseDateTimeLocalValue(settings.scheduleAt) ?? undefined;
      if (!scheduledTime || scheduledTime <= Date.now()) {
        showMessage('ERROR: Choose a publish time in the future');
        return;
      }
    }
    await apply.run({
      action,
      postId,
      story: story ?? null,
      draft,
      settings,
      scheduledTime,
      forReview,
      onStoryChange,
    });
  };

  const lockNote = forReview
    ? "Only this publication's owner and editors can publish in it. Saving submits your story to them for review."
    : placement.failed
      ? 'Could not check your role in this publication.'
      : null;

  return (
    <DialogShell
      title="Story settings"
      description={
        isOut
          ? 'Change the topics, language and collection of this story.'
          : 'Choose topics, language and where the story appears, then publish it now, schedule it, or keep it as a draft.'
      }
      size="large"
    >
      <div className={styles.form}>
        {title ? (
          <p className={styles.storyTitle}>
            <span className="visually-hidden">Story: </span>
            {title}
          </p>
        ) : null}
        <TagInput tags={settings.tags} onChange={(tags) => setSettings({ tags })} disabled={busy} />
        <LanguageField
          value={settings.languageCode}
          onChange={(languageCode) => setSettings({ languageCode })}
          detected={detectedLanguage}
          disabled={busy}
        />
        <PublicationFields
          publications={publications}
          loading={publicationsLoading}
          publicationId={settings.publicationId}
          collectionId={settings.collectionId}
          onChange={(publicationId, collectionId) => setSettings({ publicationId, collectionId })}
          disabled={busy}
          publicationFixed={isOut}
        />
        {lockNote ? (
          <p className={styles.note} role="note">
            {lockNote}
          </p>
        ) : null}
        {isOut ? null : (
          <ScheduleField
            enabled={settings.scheduleOn}
            value={settings.scheduleAt}
            // SPEC §4: turning scheduling off resets the time to now.
            onToggle={(scheduleOn) => setSettings({ scheduleOn, scheduleAt: nowLocalValue() })}
            onChange={(scheduleAt) => setSettings({ scheduleAt })}
            disabled={busy}
            lockedReason={
              !canSchedule && !placement.loading && settings.publicationId
                ? 'Scheduling is for the publication’s owner and editors.'
                : null
            }
          />
        )}
        {postId ? <ResponsesSetting kind="story" postId={postId} /> : null}
        <div className={styles.actions}>
          {isOut ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => run('save')}
            >
              Save settings
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button button-outline"
                disabled={busy || placement.loading}
                onClick={() => run('draft')}
              >
                {forReview ? 'Submit for review' : 'Save draft'}
              </button>
              {settings.scheduleOn ? (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy || !canSchedule}
                  onClick={() => run('schedule')}
                >
                  Schedule
                </button>
              ) : (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy || !canPublish}
                  onClick={() => run('publish')}
                >
                  Publish now
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </DialogShell>
  );
}
