'use client';

// The digest-off page's button (a digest mail's link opens the page; only this POST turns the digest
// off, so a link scanner fetching the page changes nothing). The mail's List-Unsubscribe header does
// the same POST in one click (RFC 8058).
import Link from '@/components/ui/link';
import { useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { turnDigestOff } from './notifications-api';
import styles from './notifications.module.css';

export function DigestOffView({ token, alreadyOff }: { token: string; alreadyOff: boolean }) {
  const [off, setOff] = useState(alreadyOff);
  const stop = useMutation(() => turnDigestOff(token), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: () => setOff(true),
  });
  return (
    <>
      <h1 className={styles.title}>{off ? 'The daily digest is off' : 'Turn off the daily digest?'}</h1>
      <p className={styles.lead}>
        {off
          ? 'We will not e-mail you a digest of your notifications any more. You still see them on Lamplight.'
          : 'You will get no more daily e-mails about your notifications. You still see them on Lamplight, under the bell.'}
      </p>
      {stop.error ? (
        <p role="alert" className="field-error">
          {stop.error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {off ? null : (
          <Button variant="danger" busy={stop.busy} busyLabel="Loading..." onClick={() => void stop.run()}>
            Turn off the digest
          </Button>
        )}
        <Link href="/authors/edit-profile#notifications" className="button button-outline">
          Notification settings
        </Link>
      </div>
    </>
  );
}
