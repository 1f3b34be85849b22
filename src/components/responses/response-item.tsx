'use client';

// One response, with its actions (each shown only when the server's `can` says so): Reply (top-level
// ones, one level), Edit (its writer, 15 minutes), Delete (its writer), Hide / Show (the story's writer
// and editors; site staff remove and restore), Report. Replies below a response, oldest first.
import Link from '@/components/ui/link';
import { useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { ReportButton } from '@/components/reports/report-button';
import { Avatar } from '@/components/ui/avatar';
import { formatDateTime } from '@/lib/format-date';
import type { Cursor } from '@/server/lib/cursor';
import type { ResponseItem, TopLevelResponse } from '@/server/modules/responses/responses.schema';
import { ResponseComposer } from './response-composer';
import { ResponseText } from './response-text';
import {
  editResponse,
  fetchReplies,
  postResponse,
  removeOwnResponse,
  setResponseHidden,
} from './responses-api';
import styles from './responses.module.css';

type Props = {
  postId: string;
  response: ResponseItem | TopLevelResponse;
  /** The reader may respond here (signed in, responses open): Reply is offered under top-level ones. */
  canReply: boolean;
  /** Something changed: the list fetches what it shows again. */
  onChange: () => unknown;
};

const isTopLevel = (r: ResponseItem | TopLevelResponse): r is TopLevelResponse => 'replies' in r;

export function ResponseItemView({ postId, response, canReply, onChange }: Props) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'confirm-delete'>('view');
  const options = { showError: 'toast' as const, holdsDialog: false };
  const edit = useMutation((text: string) => editResponse(response.id, text), {
    showError: 'inline',
    holdsDialog: false,
  });
  const reply = useMutation((text: string) => postResponse(postId, text, response.id), {
    showError: 'inline',
    holdsDialog: false,
  });
  const remove = useMutation(() => removeOwnResponse(response.id), {
    ...options,
    onSuccess: () => onChange(),
  });
  const hide = useMutation((hidden: boolean) => setResponseHidden(response.id, hidden), {
    ...options,
    onSuccess: () => onChange(),
  });
  const moderated = response.hidden || response.removed;
  const moderator = response.can.hide || response.can.remove;
  const handle = response.author.handle;
  const name = response.author.name || 'A Lamplight reader';

  return (
    <article
      className={`${styles.response} ${moderated ? styles.moderated : ''}`}
      aria-label={`Response by ${name}`}
      // A notification links to `story#response-{id}` (StoryResponses scrolls there once loaded).
      id={`response-${response.id}`}
      data-response-id={response.id}
    >
      <header className={styles.byline}>
        <Avatar name={name} image={response.author.image} size={32} />
        <div>
          {handle ? (
            <Link href={`/@${handle}`} className={styles.author}>
              {name}
            </Link>
          ) : (
            <span className={styles.author}>{name}</span>
          )}
          <p className={styles.meta}>
            <time dateTime={new Date(response.createdAt).toISOString()}>
              {formatDateTime(response.createdAt)}
            </time>
            {response.editedAt ? <span> · edited</span> : null}
            {response.removed ? <span className={styles.flag}> · Removed by site staff</span> : null}
            {response.hidden && !response.removed ? (
              <span className={styles.flag}> · Hidden from readers</span>
            ) : null}
          </p>
        </div>
      </header>

      {mode === 'edit' ? (
        <ResponseComposer
          label="Edit your response"
          submitLabel="Save"
          initial={response.text}
          busy={edit.busy}
          error={edit.error}
          autoFocus
          onCancel={() => setMode('view')}
          onSubmit={async (text) => {
            const saved = await edit.run(text);
            if (!saved) return false;
            setMode('view');
            await onChange();
            return true;
          }}
        />
      ) : (
        <ResponseText text={response.text} />
      )}

      {mode === 'confirm-delete' ? (
        <div className={styles.confirm} role="group" aria-label="Delete this response?">
          <span>
            Delete this response{isTopLevel(response) && response.replyCount > 0 ? ' and its replies' : ''}?
          </span>
          <button
            type="button"
            className={styles.dangerAction}
            onClick={() => void remove.run()}
            disabled={remove.busy}
          >
            {remove.busy ? 'Deleting…' : 'Delete'}
          </button>
          <button type="button" className={styles.action} onClick={() => setMode('view')}>
            Cancel
          </button>
        </div>
      ) : mode === 'view' ? (
        <div className={styles.actions}>
          {canReply && isTopLevel(response) && !moderated ? (
            <button type="button" className={styles.action} onClick={() => setMode('reply')}>
              Reply
            </button>
          ) : null}
          {response.can.edit ? (
            <button type="button" className={styles.action} onClick={() => setMode('edit')}>
              Edit
            </button>
          ) : null}
          {response.can.delete ? (
            <button type="button" className={styles.action} onClick={() => setMode('confirm-delete')}>
              Delete
            </button>
          ) : null}
          {moderator ? (
            <button
              type="button"
              className={styles.action}
              disabled={hide.busy}
              onClick={() => void hide.run(!moderated)}
            >
              {moderated
                ? response.can.remove
                  ? 'Restore'
                  : 'Show'
                : response.can.remove
                  ? 'Remove'
                  : 'Hide'}
            </button>
          ) : null}
          <ReportButton kind="response" id={response.id} own={response.can.delete} />
        </div>
      ) : null}

      {isTopLevel(response) ? (
        <Replies
          postId={postId}
          parent={response}
          onChange={onChange}
          composer={
            mode === 'reply' ? (
              <ResponseComposer
                label={`Reply to ${name}`}
                placeholder={`Reply to ${name}`}
                submitLabel="Reply"
                busy={reply.busy}
                error={reply.error}
                autoFocus
                onCancel={() => setMode('view')}
                onSubmit={async (text) => {
                  const made = await reply.run(text);
                  if (!made) return false;
                  setMode('view');
                  await onChange();
                  return true;
                }}
              />
            ) : null
          }
        />
      ) : null}
    </article>
  );
}

function Replies({
  postId,
  parent,
  onChange,
  composer,
}: {
  postId: string;
  parent: TopLevelResponse;
  onChange: () => unknown;
  composer: React.ReactNode;
}) {
  const [more, setMore] = useState<{ items: ResponseItem[]; lastKey: Cursor | null; for: string } | null>(
    null,
  );
  // Fetched pages belong to the list as it was; a reload of the list starts them over.
  const key = `${parent.id}:${parent.replyCount}:${parent.replies.map((r) => r.id).join(',')}`;
  const extra = more?.for === key ? more : null;
  const nextKey = extra ? extra.lastKey : parent.repliesLastKey;
  const load = useMutation(() => fetchReplies(parent.id, nextKey), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: (page) =>
      setMore({ items: [...(extra?.items ?? []), ...page.items], lastKey: page.lastKey, for: key }),
  });
  const replies = [...parent.replies, ...(extra?.items ?? [])];
  const left = parent.replyCount - replies.length;
  if (replies.length === 0 && !composer) return null;
  return (
    <div className={styles.replies}>
      {replies.length > 0 ? (
        <ol className={styles.list} aria-label={`Replies to ${parent.author.name}`}>
          {replies.map((r) => (
            <li key={r.id}>
              <ResponseItemView postId={postId} response={r} canReply={false} onChange={onChange} />
            </li>
          ))}
        </ol>
      ) : null}
      {nextKey && left > 0 ? (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void load.run()}
          disabled={load.busy}
        >
          {load.busy ? 'Loading…' : left === 1 ? 'Show 1 more reply' : `Show ${left} more replies`}
        </button>
      ) : null}
      {composer}
    </div>
  );
}
