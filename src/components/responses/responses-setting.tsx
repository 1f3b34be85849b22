'use client';

// The responses' switch (issue 25; docs/decisions/053-responses.md): in a story's settings for its
// writer and its publication's editors, and in the publication admin for its owner and editors. It
// saves at once; someone the server does not let change it sees nothing.
import { useEffect, useId, useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { isAbortError } from '@/lib/api-client';
import {
  fetchPublicationResponsesSettings,
  fetchStoryResponsesSettings,
  savePublicationResponsesSettings,
  saveStoryResponsesSettings,
} from './responses-api';
import styles from './responses.module.css';

type Target = { kind: 'story'; postId: string } | { kind: 'publication'; publicationId: string };
type State = { open: boolean; lockedByPublication: boolean };

function useResponsesSetting(target: Target) {
  const [state, setState] = useState<State | null>(null);
  const id = target.kind === 'story' ? target.postId : target.publicationId;
  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      try {
        if (target.kind === 'story') {
          const s = await fetchStoryResponsesSettings(id, controller.signal);
          setState({ open: !s.closedForStory, lockedByPublication: s.closedByPublication });
        } else {
          const s = await fetchPublicationResponsesSettings(id, controller.signal);
          setState({ open: s.open, lockedByPublication: false });
        }
      } catch (error) {
        if (!isAbortError(error)) setState(null); // not theirs to change: no switch
      }
    };
    void load();
    return () => controller.abort();
  }, [target.kind, id]);
  const save = useMutation(
    (open: boolean) =>
      target.kind === 'story'
        ? saveStoryResponsesSettings(id, open)
        : savePublicationResponsesSettings(id, open),
    {
      showError: 'toast',
      holdsDialog: false,
      onSuccess: (s: { open: boolean; closedForStory?: boolean; closedByPublication?: boolean }) =>
        setState(
          s.closedForStory !== undefined
            ? { open: !s.closedForStory, lockedByPublication: Boolean(s.closedByPublication) }
            : { open: s.open, lockedByPublication: false },
        ),
    },
  );
  return { state, save };
}

export function ResponsesSetting(target: Target) {
  const inputId = useId();
  const { state, save } = useResponsesSetting(target);
  if (!state) return null;
  const forStory = target.kind === 'story';
  return (
    <div className={styles.setting}>
      <input
        id={inputId}
        type="checkbox"
        checked={state.open}
        disabled={save.busy}
        onChange={(event) => void save.run(event.target.checked)}
      />
      <label htmlFor={inputId}>
        {forStory ? 'Take responses on this story' : 'Take responses on this publication’s stories'}
        <span className={styles.settingHint}>
          {state.lockedByPublication
            ? 'Responses are turned off for every story of its publication by its editors.'
            : forStory
              ? 'Readers who are signed in can respond. Turning this off keeps the responses already posted.'
              : 'Turning this off turns responses off on every story of the publication, whatever each story says.'}
        </span>
      </label>
    </div>
  );
}
