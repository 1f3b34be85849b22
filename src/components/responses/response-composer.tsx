'use client';

// The text box a response is written (or edited) in: plain text, a live character count against the
// server's limit, and Ctrl/⌘+Enter to send.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './responses.module.css';

/** The server's limit (RESPONSE_TEXT_MAX in responses.schema.ts). */
const MAX = 5000;

type Props = {
  label: string;
  placeholder?: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  error: string | null;
  /** Resolves true when it was saved (the box then empties, or closes). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
};

export function ResponseComposer({
  label,
  placeholder,
  submitLabel,
  initial = '',
  busy,
  error,
  onSubmit,
  onCancel,
  autoFocus,
}: Props) {
  const id = useId();
  const [text, setText] = useState(initial);
  const length = text.trim().length;
  const send = async () => {
    if (length === 0 || length > MAX || busy) return;
    if (await onSubmit(text)) setText('');
  };
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={text}
        placeholder={placeholder}
        rows={3}
        maxLength={MAX + 200}
        autoFocus={autoFocus}
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.composerActions}>
        <span className={length > MAX ? styles.over : styles.counter} aria-live="polite">
          {length > MAX
            ? `${length - MAX} characters too many`
            : length > MAX - 500
              ? `${MAX - length} left`
              : ''}
        </span>
        {onCancel ? (
          <Button variant="ghost" size="small" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button
          type="submit"
          size="small"
          busy={busy}
          busyLabel="Sending…"
          disabled={length === 0 || length > MAX}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
