'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_TAGS_PER_POST, TAG_NAME_MAX, TOO_MANY_TAGS } from '@/server/modules/posts/posts-tags.limits';
import { addTag, topicsLimitLabel, type TagRefusal } from './tag-rules';
import styles from './story-dialogs.module.css';

const REFUSAL_TEXT: Record<TagRefusal, string> = {
  blank: '',
  duplicate: 'That topic is already there.',
  full: TOO_MANY_TAGS,
};

type TagInputProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
};

/** Topic chips and an input: Enter or a comma adds what was typed (SPEC §5 tag rules). */
export function TagInput({ tags, onChange, disabled }: TagInputProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<TagRefusal | null>(null);
  const inputId = useId();
  const hintId = useId();
  const full = tags.length >= MAX_TAGS_PER_POST;

  /** Adds each part in turn (a pasted 'a, b' adds two); what stays in the box is `rest`. */
  const commit = (parts: string[], rest = '') => {
    let next = tags;
    let refused: TagRefusal | null = null;
    for (const part of parts) {
      const result = addTag(next, part);
      if ('refused' in result) refused = result.refused === 'blank' ? refused : result.refused;
      else next = result.tags;
    }
    setRefusal(refused);
    setText(rest);
    if (next !== tags) onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit([text]);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className={styles.fieldGroup}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          Topics
        </label>
        <span className={styles.limit} aria-live="polite">
          {topicsLimitLabel(tags.length)}
        </span>
      </div>
      <div className={styles.tagBox} data-disabled={disabled || undefined}>
        <ul className={styles.chips} aria-label="Tags of this story">
          {tags.map((tag) => (
            <li key={tag.toLowerCase()} className={styles.chip}>
              <span>{tag}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove topic ${tag}`}
                disabled={disabled}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={inputId}
          className={styles.tagInput}
          value={text}
          disabled={disabled}
          placeholder={full ? 'Topic limit reached' : 'Add a topic…'}
          maxLength={TAG_NAME_MAX}
          aria-describedby={hintId}
          onChange={(event) => {
            const value = event.target.value;
            // A comma typed or pasted ends the topic before it.
            if (value.includes(',')) {
              const parts = value.split(',');
              commit(parts.slice(0, -1), parts[parts.length - 1]);
            } else {
              setText(value);
              setRefusal(null);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && commit([text])}
        />
      </div>
      <p
        id={hintId}
        className={refusal && REFUSAL_TEXT[refusal] ? 'field-error' : 'field-hint'}
        role="status"
      >
        {refusal && REFUSAL_TEXT[refusal] ? REFUSAL_TEXT[refusal] : 'Press Enter or a comma to add a topic.'}
      </p>
    </div>
  );
}
