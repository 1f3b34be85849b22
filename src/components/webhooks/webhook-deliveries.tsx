'use client';

// A webhook's last deliveries, newest first: event, outcome, HTTP status, time and duration, each
// with a Resend button (the same body again, now).
import { useEffect, useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { fetchDeliveries, resendDelivery, type WebhookDelivery } from './webhooks-api';
import styles from './webhooks.module.css';

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** What a delivery's state reads as: a pending one not yet tried is queued, not retrying. */
const deliveryLabel = ({ status: state, attempts }: Pick<WebhookDelivery, 'status' | 'attempts'>) =>
  attempts === 0 && state === 'pending' ? 'Queued' : STATUS_LABELS[state];

export function WebhookDeliveries({ hookId }: { hookId: string }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchDeliveries(hookId, controller.signal).then(
      (answer) => setDeliveries(answer.deliveries),
      (caught: unknown) => {
        if (!isAbortError(caught)) setError(toErrorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [hookId]);

  const refresh = useMutation(() => fetchDeliveries(hookId), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: (answer) => {
      setDeliveries(answer.deliveries);
      setError(null);
    },
  });

  const replace = (delivery: WebhookDelivery) =>
    setDeliveries((list) => list && list.map((item) => (item.id === delivery.id ? delivery : item)));

  return (
    <div className={styles.deliveries} aria-busy={deliveries === null && !error}>
      <div className={styles.deliveriesHead}>
        <h4 className={styles.deliveriesTitle}>Last deliveries</h4>
        <Button variant="ghost" size="small" busy={refresh.busy} onClick={() => void refresh.run()}>
          Refresh
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : deliveries === null ? (
        <p className={styles.note}>Loading deliveries…</p>
      ) : deliveries.length === 0 ? (
        <p className={styles.note}>No deliveries yet: they appear here when an event happens.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">HTTP</th>
                <th scope="col">Time</th>
                <th scope="col">Duration</th>
                <th scope="col">
                  <span className="visually-hidden">Resend</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} hookId={hookId} delivery={delivery} onChanged={replace} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function DeliveryRow({
  hookId,
  delivery,
  onChanged,
}: {
  hookId: string;
  delivery: WebhookDelivery;
  onChanged: (delivery: WebhookDelivery) => void;
}) {
  const resend = useMutation(() => resendDelivery(hookId, delivery.id), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: onChanged,
  });
  const time = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <tr data-testid="webhook-delivery">
      <td>
        <code>{delivery.event}</code>
      </td>
      <td>
        <span className={styles[`status-${delivery.status}`]} title={delivery.error ?? undefined}>
          {deliveryLabel(delivery)}
        </span>
        {delivery.attempts > 1 ? (
          <span className={styles.attempts}> ({delivery.attempts} attempts)</span>
        ) : null}
        {delivery.error ? <span className={styles.deliveryError}>{delivery.error}</span> : null}
      </td>
      <td>{delivery.responseStatus ?? '—'}</td>
      <td>
        <time dateTime={time}>{formatDateTime(time)}</time>
      </td>
      <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
      <td>
        <Button
          variant="ghost"
          size="small"
          busy={resend.busy}
          busyLabel="Sending…"
          onClick={() => void resend.run()}
        >
          Resend
        </Button>
      </td>
    </tr>
  );
}
