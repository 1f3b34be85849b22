'use client';

import { useEditorState, type Editor } from '@tiptap/react';
import { useRef, type ReactNode } from 'react';
import { ACCEPTED_IMAGE_TYPES } from './upload-image';
import {
  BulletListIcon,
  CodeBlockIcon,
  ImageIcon,
  InlineCodeIcon,
  LinkIcon,
  OrderedListIcon,
  QuoteIcon,
  RuleIcon,
} from './toolbar-icons';
import styles from './toolbar.module.css';

type ToolbarProps = {
  editor: Editor;
  onLink: () => void;
  onImageFile: (file: File) => void;
  disabled?: boolean;
};

type ToolProps = {
  /** The accessible name and tooltip; holds the button's visible text, if any (WCAG 2.5.3 label in name). */
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** A toolbar button that never takes focus from the text (STACK-NOTES: preventDefault on mousedown). */
function Tool({ label, active, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      className={styles.tool}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function EditorToolbar({ editor, onLink, onImageFile, disabled }: ToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  // Tiptap 3 does not re-render on every transaction: subscribe to exactly the states shown.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      link: e.isActive('link'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      code: e.isActive('code'),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatting" aria-controls="story-body">
      <div className={styles.toolGroup}>
        <Tool
          label="H2 heading"
          active={state.h2}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <span className={styles.toolText}>H2</span>
        </Tool>
        <Tool
          label="H3 subheading"
          active={state.h3}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <span className={styles.toolText}>H3</span>
        </Tool>
      </div>
      <div className={styles.toolGroup}>
        <Tool label="Bold" active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
          <b className={styles.toolText}>B</b>
        </Tool>
        <Tool
          label="Italic"
          active={state.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        >
          <i className={`${styles.toolText} ${styles.toolSerif}`}>I</i>
        </Tool>
        <Tool label="Link" active={state.link} disabled={disabled} onClick={onLink}>
          <LinkIcon />
        </Tool>
        <Tool
          label="Inline code"
          active={state.code}
          disabled={disabled}
          onClick={() => chain().toggleCode().run()}
        >
          <InlineCodeIcon />
        </Tool>
      </div>
      <div className={styles.toolGroup}>
        <Tool
          label="Bulleted list"
          active={state.bulletList}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        >
          <BulletListIcon />
        </Tool>
        <Tool
          label="Numbered list"
          active={state.orderedList}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <OrderedListIcon />
        </Tool>
        <Tool
          label="Quote"
          active={state.blockquote}
          disabled={disabled}
          onClick={() => chain().toggleBlockquote().run()}
        >
          <QuoteIcon />
        </Tool>
        <Tool
          label="Code block"
          active={state.codeBlock}
          disabled={disabled}
          onClick={() => chain().toggleCodeBlock().run()}
        >
          <CodeBlockIcon />
        </Tool>
      </div>
      <div className={styles.toolGroup}>
        <Tool label="Divider" disabled={disabled} onClick={() => chain().setHorizontalRule().run()}>
          <RuleIcon />
        </Tool>
        <Tool label="Insert image" disabled={disabled} onClick={() => fileInput.current?.click()}>
          <ImageIcon />
        </Tool>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onImageFile(file);
          }}
        />
      </div>
    </div>
  );
}
