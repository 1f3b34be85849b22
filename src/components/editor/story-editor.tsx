'use client';

// The writing surface: a large serif title, the excerpt, an optional feature image and the body.
// The Next button (header) needs a non-blank title and excerpt (SPEC §5).
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import type { StoryDraft } from '@/components/stories/story-api';
import { FeatureImagePicker } from './feature-image-picker';
import { RichTextEditor } from './rich-text-editor';
import { EXCERPT_MAX, TITLE_MAX } from '@/server/modules/posts/posts.limits';
import styles from './editor.module.css';

export type StoryEditorProps = {
  draft: StoryDraft;
  onChange: (change: Partial<StoryDraft>) => void;
  /** The body the editor starts from; later changes come back through onChange. */
  initialBody: Record<string, unknown> | null;
  /** False when the user may read but not change the content (e.g. a site editor on someone's story). */
  editable?: boolean;
  /** SPEC §5: after a story is out, only site editors and admins change its excerpt. */
  excerptEditable?: boolean;
  excerptNote?: string;
  /** The save status line above the title. */
  status?: ReactNode;
};

/** A textarea that grows with its text, so a long title wraps instead of scrolling. */
function useAutoHeight(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [value]);
  return ref;
}

export function StoryEditor({
  draft,
  onChange,
  initialBody,
  editable = true,
  excerptEditable = true,
  excerptNote,
  status,
}: StoryEditorProps) {
  const titleRef = useAutoHeight(draft.title);
  const excerptRef = useAutoHeight(draft.excerpt);

  return (
    <article className={styles.editor}>
      {status ? <div className={styles.statusRow}>{status}</div> : null}
      <label htmlFor="story-title" className="visually-hidden">
        Title
      </label>
      <textarea
        id="story-title"
        ref={titleRef}
        className={styles.title}
        placeholder="Title"
        rows={1}
        maxLength={TITLE_MAX}
        value={draft.title}
        readOnly={!editable}
        onChange={(event) => onChange({ title: event.target.value.replace(/\n/g, ' ') })}
        onKeyDown={(event) => {
          // A title is one line: Enter moves on to the excerpt.
          if (event.key === 'Enter') {
            event.preventDefault();
            excerptRef.current?.focus();
          }
        }}
      />
      <label htmlFor="story-excerpt" className="visually-hidden">
        Excerpt
      </label>
      <textarea
        id="story-excerpt"
        ref={excerptRef}
        className={styles.excerpt}
        placeholder="Excerpt: a sentence or two that invites readers in"
        rows={1}
        maxLength={EXCERPT_MAX}
        value={draft.excerpt}
        readOnly={!editable || !excerptEditable}
        aria-describedby={excerptNote ? 'story-excerpt-note' : undefined}
        onChange={(event) => onChange({ excerpt: event.target.value })}
      />
      {excerptNote ? (
        <p id="story-excerpt-note" className={styles.excerptNote}>
          {excerptNote}
        </p>
      ) : null}
      {editable ? (
        <FeatureImagePicker
          value={draft.featureImageUrl}
          onChange={(featureImageUrl) => onChange({ featureImageUrl })}
        />
      ) : draft.featureImageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own uploads, already sized
        <img src={draft.featureImageUrl} alt="Feature image" className={styles.featureImage} />
      ) : null}
      <RichTextEditor
        initialContent={initialBody}
        editable={editable}
        onChange={(bodyJson) => onChange({ bodyJson })}
      />
    </article>
  );
}
