'use client';

import type { Editor } from '@tiptap/react';
import { useId, useState, type FormEvent } from 'react';
import { normalizeLinkUrl } from './link-url';
import styles from './toolbar.module.css';

type LinkFormProps = { editor: Editor; onDone: () => void };

/** The link prompt under the toolbar: http(s) and mailto addresses only. */
export function LinkForm({ editor, onDone }: LinkFormProps) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = normalizeLinkUrl(value);
    if (!href) {
      setError('Use a web address (https://…) or an e-mail address.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onDone();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };

  return (
    <form
      className={styles.linkForm}
      onSubmit={apply}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          editor.commands.focus();
          onDone();
        }
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Link address
      </label>
      <input
        id={inputId}
        className={`input ${styles.linkInput}`}
        type="text"
        inputMode="url"
        autoComplete="off"
        placeholder="Paste or type a link, e.g. https://example.com"
        value={value}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <div className={styles.linkActions}>
        <button type="submit" className="button button-primary button-small">
          Apply
        </button>
        {current ? (
          <button type="button" className="button button-outline button-small" onClick={remove}>
            Remove link
          </button>
        ) : null}
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            editor.commands.focus();
            onDone();
          }}
        >
          Cancel
        </button>
      </div>
      {error ? (
        <p id={errorId} className={`field-error ${styles.linkError}`} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
