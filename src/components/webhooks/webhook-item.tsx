'use client';

// One webhook: its address, state and events, its secret (hidden until asked for), switching it off
// or on, deleting it (asked twice), and its last deliveries.
import { useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { useCopyText } from '@/components/ui/use-copy-text';
import { formatDateTime } from '@/lib/format-date';
import { deleteWebhook, updateWebhook, type Webhook } from './webhooks-api';
import { WebhookDeliveries } from './webhook-deliveries';
import styles from './webhooks.module.css';

type Props = {
  hook: Webhook;
  /** Show the secret from the start (a hook just added). */
  showSecret: boolean;
  onChanged: (hook: Webhook) => void;
  onDeleted: () => void;
};

export function WebhookItem({ hook, showSecret, onChanged, onDeleted }: Props) {
  const [secretShown, setSecretShown] = useState(showSecret);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deliveriesShown, setDeliveriesShown] = useState(showSecret);
  const { state: copyState, copy } = useCopyText(2000);

  const toggle = useMutation(() => updateWebhook(hook.id, { active: !hook.active }), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: onChanged,
  });
  const remove = useMutation(() => deleteWebhook(hook.id), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: onDeleted,
  });

  const switchedOff = !hook.active && hook.disabledAt;
  const stateLabel = hook.active ? 'On' : switchedOff ? 'Switched off after failures' : 'Off';
  const headingId = `webhook-${hook.id}`;

  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <div className={styles.itemHead}>
        <h3 id={headingId} className={styles.url}>
          {hook.url}
        </h3>
        <span className={hook.active ? styles.badgeOn : styles.badgeOff}>{stateLabel}</span>
      </div>
      {switchedOff ? (
        <p className={styles.warning} role="status">
          Switched off {formatDateTime(hook.disabledAt)}: {hook.disabledReason}. Fix the endpoint, then switch
          it on again.
        </p>
      ) : null}
      <p className={styles.meta}>
        <span className="visually-hidden">Events: </span>
        {hook.events.map((event) => (
          <code key={event} className={styles.chip}>
            {event}
          </code>
        ))}
      </p>
      <div className={styles.secretRow}>
        <span className={styles.secretLabel}>Secret</span>
        <code className={styles.secret} data-testid="webhook-secret">
          {secretShown ? hook.secret : '•'.repeat(24)}
        </code>
        <Button variant="ghost" size="small" onClick={() => setSecretShown((shown) => !shown)}>
          {secretShown ? 'Hide' : 'Show'}
        </Button>
        <Button variant="ghost" size="small" onClick={() => void copy(hook.secret)}>
          {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Copy failed' : 'Copy'}
        </Button>
      </div>
      <div className={styles.itemActions}>
        <Button
          variant="outline"
          size="small"
          busy={toggle.busy}
          onClick={() => void toggle.run()}
          aria-pressed={hook.active}
        >
          {hook.active ? 'Switch off' : 'Switch on'}
        </Button>
        <Button
          variant="outline"
          size="small"
          aria-expanded={deliveriesShown}
          onClick={() => setDeliveriesShown((shown) => !shown)}
        >
          {deliveriesShown ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {confirmDelete ? (
          <span className={styles.confirm} role="group" aria-label="Delete this webhook?">
            <span>Delete it and its deliveries?</span>
            <Button variant="danger" size="small" busy={remove.busy} onClick={() => void remove.run()}>
              Delete
            </Button>
            <Button variant="ghost" size="small" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button variant="ghost" size="small" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </div>
      {deliveriesShown ? <WebhookDeliveries hookId={hook.id} /> : null}
    </li>
  );
}
