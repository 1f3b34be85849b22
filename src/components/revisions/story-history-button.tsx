'use client';

// The editor's "History" button and the dialog it opens (docs/decisions/039-story-revisions.md).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Story } from '@/components/stories/story-api';
import type { RestoredRevision, Revision } from './revisions-api';
import { StoryHistoryDialog, type CurrentContent } from './story-history-dialog';
import styles from './story-history.module.css';

export type StoryHistoryButtonProps = {
  story: Story;
  /** The editor's content now, which each version is compared with. */
  current: Omit<CurrentContent, 'tags'>;
  /** Before the history opens: let a save in flight finish (the restore sends its version). */
  beforeOpen: () => Promise<void>;
  /** The history is open: the editor holds its autosave meanwhile. */
  onOpenChange: (open: boolean) => void;
  onRestored: (result: RestoredRevision, revision: Revision) => void;
};

export function StoryHistoryButton({
  story,
  current,
  beforeOpen,
  onOpenChange,
  onRestored,
}: StoryHistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const toggle = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };

  return (
    <>
      <Button
        variant="outline"
        size="small"
        className={styles.historyButton}
        busy={opening}
        aria-haspopup="dialog"
        onClick={async () => {
          setOpening(true);
          onOpenChange(true);
          try {
            await beforeOpen();
          } finally {
            setOpening(false);
          }
          toggle(true);
        }}
      >
        History
      </Button>
      {open ? (
        <StoryHistoryDialog
          postId={story.id}
          version={story.version}
          // Out for readers: its author may unpublish it (the policy's flag, not the status word).
          published={story.can.canUnpublish}
          current={{ ...current, tags: story.tags.map((tag) => tag.name) }}
          onClose={() => toggle(false)}
          onRestored={(result, revision) => {
            toggle(false);
            onRestored(result, revision);
          }}
        />
      ) : null}
    </>
  );
}
