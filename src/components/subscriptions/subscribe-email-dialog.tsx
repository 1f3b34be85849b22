'use client';

// SPEC §2 'subscribe-email': an e-mail input and submit, for the fixed anxiety topic (SPEC §9) — and,
// given a site topic, for that one: /daily-newsletter offers each site topic through it.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { TOPIC_ANXIETY } from '@/lib/topics';
import { SUBSCRIBE_FAILED } from './publication-subscription-dialog';
import { SubscribeForm } from './subscribe-form';
import type { SubscribeEmailDialogProps } from './subscribe-dialog-types';

export type { SubscribeEmailDialogProps };

export default function SubscribeEmailDialog({
  topic = TOPIC_ANXIETY,
  title = 'Peace for anxious hearts',
  description = 'Short letters of Scripture and prayer for anxious days, in your inbox.',
}: SubscribeEmailDialogProps) {
  const { closeDialog } = useDialog();
  return (
    <DialogShell title={title} description={description} size="small">
      <SubscribeForm
        topic={topic}
        buttonLabel="Subscribe"
        failureText={SUBSCRIBE_FAILED}
        inDialog={{ onSubscribed: closeDialog }}
      />
    </DialogShell>
  );
}
