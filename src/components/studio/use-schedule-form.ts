'use client';

// The state of the schedule and reschedule dialogs: the toggle, the picked time, the check of
// SPEC §5 before the call, and the call itself (schedule_post, which also reschedules).
import { useState, type FormEvent } from 'react';
import { nowLocalValue } from '@/components/stories/schedule-field';
import { scheduleStory } from '@/components/stories/story-api';
import { checkScheduleTime } from './schedule-time';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';

type Options = StudioStoryDialogProps & {
  startsEnabled: boolean;
  /** The picker's value when the schedule is turned on. */
  startValue: () => string;
};

export function useScheduleForm({ story, onDone, returnPath, startsEnabled, startValue }: Options) {
  const { busy, run } = useStudioAction({ onDone, returnPath });
  const [enabled, setEnabled] = useState(startsEnabled);
  const [value, setValue] = useState(startValue);
  const [error, setError] = useState<string | null>(null);

  // SPEC §4: turning the schedule off resets the time to now.
  const toggle = (on: boolean) => {
    setEnabled(on);
    setValue(on ? startValue() : nowLocalValue());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkScheduleTime(value);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    void run(() => scheduleStory(story.id, checked.time));
  };

  return { busy, enabled, value, setValue, error, toggle, onSubmit };
}
