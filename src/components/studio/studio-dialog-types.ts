// Props of the studio's dialogs (registered in dialog-keys.ts by SPEC §2 key).
import type { StorySummary, StudioFilters, StudioFilterValues } from './studio-api';

/** What every story dialog opened from the studio gets. */
export type StudioStoryDialogProps = {
  story: StorySummary;
  /** Told after a successful change, so the studio reloads its list. */
  onDone?: () => void;
  /** The stored page the user returns to after a success (the studio with its filters). */
  returnPath?: string;
};

/** 'story-actions': the menu; the story carries what the user may do with it (`can`). */
export type StoryActionsDialogProps = StudioStoryDialogProps;

/** 'story-filter': the current filters, the choices to offer, and what applying does. */
export type StoryFilterDialogProps = {
  filters: StudioFilterValues;
  choices: StudioFilters | null;
  onApply: (filters: StudioFilterValues) => void;
};
