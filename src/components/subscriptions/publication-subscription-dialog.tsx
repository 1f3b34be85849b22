'use client';

// SPEC §2 'publication-subscription' and 'publicationArticle-subscription': 'Subscribe to {publication
// name}', the newsletter description (SPEC's default text until the owner writes one), an e-mail input
// and Submit ('Loading...' while busy). The publication's topic is looked up first (SPEC §3); without
// one the alert reads "The publication doesn't has newsletter yet!" (SPEC §5).
import { useEffect, useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { ApiError, isAbortError } from '@/lib/api-client';
import { NO_NEWSLETTER_YET } from '@/server/modules/newsletters/newsletters.limits';
import { fetchPublicationTopic } from './subscribe-api';
import { SubscribeForm } from './subscribe-form';

export type PublicationSubscriptionDialogProps = { publicationId: string; publicationName: string };

/** SPEC §7: what a failed subscription says in these dialogs. */
export const SUBSCRIBE_FAILED = 'Failed to submit the data. Please try again.';

export default function PublicationSubscriptionDialog({
  publicationId,
  publicationName,
}: PublicationSubscriptionDialogProps) {
  const { closeDialog, showMessage } = useDialog();
  const [topic, setTopic] = useState<{ topic: string; description: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPublicationTopic(publicationId, controller.signal).then(setTopic, (error: unknown) => {
      if (isAbortError(error)) return;
      showMessage(error instanceof ApiError && error.status === 404 ? NO_NEWSLETTER_YET : SUBSCRIBE_FAILED);
    });
    return () => controller.abort();
  }, [publicationId, showMessage]);

  return (
    <DialogShell
      title={`Subscribe to ${publicationName}`}
      description={topic?.description ?? 'Loading...'}
      size="small"
    >
      {topic ? (
        <SubscribeForm
          topic={topic.topic}
          buttonLabel="Submit"
          failureText={SUBSCRIBE_FAILED}
          inDialog={{ onSubscribed: closeDialog }}
        />
      ) : null}
    </DialogShell>
  );
}
