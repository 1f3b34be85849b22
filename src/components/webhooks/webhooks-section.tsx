'use client';

// The Webhooks section (docs/decisions/040-webhooks.md): a publication's hooks on its admin page, or
// the site-wide ones in the staff area (no publicationId). It asks the API for the hooks and shows
// nothing to someone the API does not let manage them (a publication's editor, a site editor).
import { useEffect, useState } from 'react';
import { ApiError, isAbortError, toErrorMessage } from '@/lib/api-client';
import { fetchWebhooks, type Webhook } from './webhooks-api';
import { NewWebhookForm } from './new-webhook-form';
import { WebhookItem } from './webhook-item';
import styles from './webhooks.module.css';

type Props = {
  /** The publication whose hooks these are; absent: the site-wide hooks (site admins). */
  publicationId?: string;
};

type State =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; hooks: Webhook[] };

/** The section's state after asking for the hooks; null when the call was given up. */
async function loadState(publicationId: string | undefined, signal: AbortSignal): Promise<State | null> {
  try {
    return { kind: 'ready', hooks: (await fetchWebhooks(publicationId, signal)).webhooks };
  } catch (error) {
    if (isAbortError(error)) return null;
    // Not one of the hooks' managers (a publication's editor, a site editor): no section at all.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      return { kind: 'hidden' };
    return { kind: 'failed', message: toErrorMessage(error) };
  }
}

export function WebhooksSection({ publicationId }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  /** The hook just added: its secret is shown at once. */
  const [fresh, setFresh] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadState(publicationId, controller.signal).then((next) => next && setState(next));
    return () => controller.abort();
  }, [publicationId]);

  if (state.kind === 'loading' || state.kind === 'hidden') return null;

  const replace = (hook: Webhook) =>
    setState((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', hooks: current.hooks.map((item) => (item.id === hook.id ? hook : item)) }
        : current,
    );
  const remove = (id: string) =>
    setState((current) =>
      current.kind === 'ready'
        ? { kind: 'ready', hooks: current.hooks.filter((item) => item.id !== id) }
        : current,
    );
  const add = (hook: Webhook) => {
    setFresh(hook.id);
    setState((current) =>
      current.kind === 'ready' ? { kind: 'ready', hooks: [...current.hooks, hook] } : current,
    );
  };

  return (
    <section
      id="webhooks"
      className={publicationId ? styles.publicationSection : styles.siteSection}
      aria-labelledby="webhooks-heading"
      data-testid="webhooks"
    >
      <div className={styles.head}>
        <h2 id="webhooks-heading" className={styles.title}>
          Webhooks
        </h2>
        <p className={styles.lead}>
          {publicationId
            ? 'Tell your own tools when a story of this publication is published, changed or removed, and when a reader subscribes or leaves its newsletter.'
            : 'Site-wide endpoints hear the events of every publication and of every writer.'}{' '}
          Each event is POSTed as JSON to your https:// endpoint, signed with the webhook’s secret; a failed
          delivery is tried again for about eight hours, and an endpoint that keeps failing is switched off.
        </p>
      </div>

      {state.kind === 'failed' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : state.hooks.length === 0 ? (
        <p className={styles.empty}>No webhooks yet. Add an endpoint below.</p>
      ) : (
        <ul className={styles.list} aria-label="Webhooks">
          {state.hooks.map((hook) => (
            <WebhookItem
              key={hook.id}
              hook={hook}
              showSecret={hook.id === fresh}
              onChanged={replace}
              onDeleted={() => remove(hook.id)}
            />
          ))}
        </ul>
      )}

      <NewWebhookForm publicationId={publicationId} onCreated={add} />

      <details className={styles.howTo}>
        <summary>How to check a delivery’s signature</summary>
        <p>
          Every delivery carries <code>Lamplight-Signature: t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>
          , where the signature is the hex HMAC-SHA256 of <code>&lt;t&gt;.&lt;raw body&gt;</code> keyed with
          the webhook’s secret. Compute it from the body exactly as received, compare in constant time, and
          refuse a <code>t</code> more than five minutes from your clock. <code>Lamplight-Event</code> names
          the event and <code>Lamplight-Delivery</code> its delivery id, the same on every retry: use it to
          ignore a delivery you already handled. Answer with any 2xx status within 10 seconds.
        </p>
      </details>
    </section>
  );
}
