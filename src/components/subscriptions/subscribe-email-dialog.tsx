'use client';

// SPEC §2 'subscribe-email': an e-mail input and submit, for the fixed anxiety topic (SPEC §9).
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { TOPIC_ANXIETY } from '@/lib/topics';
import { SUBSCRIBE_FAILED } from './publication-subscription-dialog';
import { SubscribeForm } from './subscribe-form';

export default function SubscribeEmailDialog() {
  const { closeDialog } = useDialog();
  return (
    <DialogShell
      title="Peace for anxious hearts"
      description="Short letters of Scripture and prayer for anxious days, in your inbox."
      size="small"
    >
      <SubscribeForm
        topic={TOPIC_ANXIETY}
        buttonLabel="Subscribe"
        failureText={SUBSCRIBE_FAILED}
        inDialog={{ onSubscribed: closeDialog }}
      />
    </DialogShell>
  );
}
