'use client';

// Responses under a story (issue 25; docs/decisions/053-responses.md). The story page's HTML is the
// same for every reader and cached (decision 006), so this loads after it, in one call that carries
// what this reader may do: the count, a compose box for signed-in readers ("Sign in to respond" for
// guests), newest first with "Show more", one level of replies, and the actions each response allows.
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useKeysetList, type FetchPage } from '@/components/hooks/use-keyset-list';
import { LoadMore } from '@/components/hooks/load-more';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import type { ResponsesPage, TopLevelResponse } from '@/server/modules/responses/responses.schema';
import { ResponseComposer } from './response-composer';
import { ResponseItemView } from './response-item';
import { fetchResponses, postResponse } from './responses-api';
import styles from './responses.module.css';

type Meta = Omit<ResponsesPage, 'items' | 'lastKey'>;

export function StoryResponses({ postId }: { postId: string }) {
  const [meta, setMeta] = useState<Meta | null>(null);
  const fetchPage: FetchPage<TopLevelResponse> = useCallback(
    async (lastKey, { signal }) => {
      const page = await fetchResponses(postId, lastKey, signal);
      if (!lastKey) setMeta({ count: page.count, open: page.open, signedIn: page.signedIn, can: page.can });
      return { items: page.items, lastKey: page.lastKey };
    },
    [postId],
  );
  const list = useKeysetList<TopLevelResponse>({ fetchPage, query: postId });
  const reload = list.reload;
  useScrollToLinkedResponse(list.items);
  const respond = useMutation((text: string) => postResponse(postId, text), {
    showError: 'inline',
    holdsDialog: false,
  });

  return (
    <section className={styles.section} aria-labelledby="responses-heading" data-testid="responses">
      <h2 id="responses-heading" className={styles.heading}>
        Responses{meta ? <span className={styles.count}> ({meta.count})</span> : null}
      </h2>
      {meta ? (
        <ComposeArea
          meta={meta}
          busy={respond.busy}
          error={respond.error}
          onSubmit={async (text) => {
            const made = await respond.run(text);
            if (made) await reload();
            return Boolean(made);
          }}
        />
      ) : null}
      {list.error ? (
        <p className={styles.note} role="alert">
          {list.error}{' '}
          <button type="button" className={styles.linkButton} onClick={list.retry}>
            Try again
          </button>
        </p>
      ) : list.items === null ? (
        <p className={styles.note} aria-live="polite">
          Loading responses…
        </p>
      ) : list.items.length === 0 ? (
        <p className={styles.note}>{meta?.open === false ? 'No responses.' : 'No responses yet.'}</p>
      ) : (
        <ol className={styles.list}>
          {list.items.map((item) => (
            <li key={item.id}>
              <ResponseItemView
                postId={postId}
                response={item}
                canReply={Boolean(meta?.can.respond)}
                onChange={reload}
              />
            </li>
          ))}
        </ol>
      )}
      <LoadMore list={list} label="Show more" compact />
    </section>
  );
}

function ComposeArea({
  meta,
  busy,
  error,
  onSubmit,
}: {
  meta: Meta;
  busy: boolean;
  error: string | null;
  onSubmit: (text: string) => Promise<boolean>;
}) {
  const { openDialog } = useDialog();
  const callbackUrl = usePathname() ?? '/';
  if (!meta.open) {
    return (
      <p className={styles.closed} role="note">
        Responses are turned off
      </p>
    );
  }
  if (!meta.signedIn) {
    return (
      <p className={styles.note}>
        <Button variant="outline" size="small" onClick={() => openDialog('sso', { callbackUrl })}>
          Sign in to respond
        </Button>
      </p>
    );
  }
  if (!meta.can.respond) return null;
  return (
    <ResponseComposer
      label="Your response"
      placeholder="What are your thoughts?"
      submitLabel="Respond"
      busy={busy}
      error={error}
      onSubmit={onSubmit}
    />
  );
}

/**
 * A notification opens `story#response-{id}`; the responses arrive after the page, so the browser's
 * own jump to the fragment finds nothing. Once the response is in the list, scroll to it (once per
 * fragment, so a later reload of the list does not pull the reader back).
 */
function useScrollToLinkedResponse(items: TopLevelResponse[] | null) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    const hash = window.location.hash;
    if (!items || !hash.startsWith('#response-') || done.current === hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    done.current = hash;
    target.scrollIntoView({ block: 'center' });
  }, [items]);
}
