'use client';

// The story body: Tiptap (ProseMirror) with exactly the nodes and marks the server's sanitiser keeps
// (posts-body-normalize.ts): headings, bold, italic, links (http/https/mailto), lists, quote, code,
// images from our uploads, horizontal rule.
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { EditorToolbar } from './editor-toolbar';
import { LinkForm } from './link-form';
import { isAllowedLinkUrl } from './link-url';
import { UploadProgress } from './upload-progress';
import { useImageUpload } from './use-image-upload';
import styles from './editor.module.css';
import toolbarStyles from './toolbar.module.css';

export type RichTextEditorProps = {
  /** The stored document (Tiptap JSON); null or empty for a new story. */
  initialContent: Record<string, unknown> | null;
  onChange: (doc: Record<string, unknown>) => void;
  editable?: boolean;
};

const hasContent = (doc: Record<string, unknown> | null): doc is JSONContent =>
  Array.isArray(doc?.content) && doc.content.length > 0;

/** The first image file of a paste or a drop, if any. */
const imageFileOf = (files: FileList | null | undefined) =>
  Array.from(files ?? []).find((file) => file.type.startsWith('image/')) ?? null;

export function RichTextEditor({ initialContent, onChange, editable = true }: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const { upload, progress } = useImageUpload();
  // Read by ProseMirror's paste/drop handlers, which are set up once.
  const insertImageRef = useRef<(file: File) => void>(() => undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    immediatelyRender: false, // server rendering: the editor exists only in the browser
    editable,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => isAllowedLinkUrl(url),
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: 'Tell your story…' }),
    ],
    content: hasContent(initialContent) ? initialContent : undefined,
    editorProps: {
      attributes: {
        id: 'story-body',
        class: styles.prose,
        'aria-label': 'Story body',
        'aria-multiline': 'true',
        role: 'textbox',
      },
      handlePaste: (_view, event) => {
        const file = imageFileOf(event.clipboardData?.files);
        if (!file) return false;
        insertImageRef.current(file);
        return true;
      },
      handleDrop: (_view, event) => {
        const file = imageFileOf((event as DragEvent).dataTransfer?.files);
        if (!file) return false;
        event.preventDefault();
        insertImageRef.current(file);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getJSON() as Record<string, unknown>),
  });

  useEffect(() => {
    // setEditable emits 'update' by default, which would look like an edit and trigger an autosave.
    if (editor && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  useEffect(() => {
    insertImageRef.current = async (file: File) => {
      const src = await upload(file);
      if (src && editor && !editor.isDestroyed) editor.chain().focus().setImage({ src, alt: '' }).run();
    };
  }, [editor, upload]);

  if (!editor) return <div className={styles.bodySkeleton} aria-hidden="true" />;
  return (
    <div className={styles.bodyWrap}>
      {editable ? (
        <div className={toolbarStyles.toolbarDock}>
          <EditorToolbar
            editor={editor}
            disabled={progress !== null}
            onLink={() => setLinkOpen((open) => !open)}
            onImageFile={(file) => insertImageRef.current(file)}
          />
          {linkOpen ? <LinkForm editor={editor} onDone={() => setLinkOpen(false)} /> : null}
          {progress !== null ? <UploadProgress value={progress} /> : null}
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
