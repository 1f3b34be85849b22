'use client';

// Adding an endpoint: its https:// address and the events it hears. The server checks the address
// (https only, no private or loopback host) and answers the new hook with its secret.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@/server/modules/webhooks/webhooks.limits';
import { createWebhook, type Webhook } from './webhooks-api';
import { DEFAULT_EVENTS, EVENT_LABELS } from './webhook-events';
import styles from './webhooks.module.css';

type Props = { publicationId?: string; onCreated: (hook: Webhook) => void };

export function NewWebhookForm({ publicationId, onCreated }: Props) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(DEFAULT_EVENTS);

  const create = useMutation(
    () => createWebhook({ ...(publicationId && { publicationId }), url: url.trim(), events }),
    {
      showError: 'inline',
      holdsDialog: false,
      onSuccess: (hook) => {
        setUrl('');
        setEvents(DEFAULT_EVENTS);
        onCreated(hook);
      },
    },
  );

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) =>
      on
        ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e))
        : current.filter((e) => e !== event),
    );

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (url.trim() && events.length > 0 && !create.busy) void create.run();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New webhook">
      <h3 className={styles.subTitle}>Add an endpoint</h3>
      <Field label="Endpoint URL" hint="An https:// address of your server." error={create.error}>
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/lamplight-webhook"
            value={url}
            disabled={create.busy}
            onChange={(event) => {
              setUrl(event.target.value);
              create.clearError();
            }}
          />
        )}
      </Field>
      <fieldset className={styles.events} disabled={create.busy}>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className={styles.event}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            <span>
              {EVENT_LABELS[event]} <code>{event}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button
          type="submit"
          busy={create.busy}
          busyLabel="Adding…"
          disabled={!url.trim() || events.length === 0}
        >
          Add webhook
        </Button>
      </div>
    </form>
  );
}
