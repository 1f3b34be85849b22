'use client';

// A site topic's subscribe control on /daily-newsletter: opens SPEC §2's 'subscribe-email' dialog for
// that topic (the e-mail form and PUT /api/subscribe every subscription uses).
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import type { SiteTopic } from '@/lib/topics';

export function TopicSubscribeButton({ topic, name, description }: SiteTopic) {
  const { openDialog } = useDialog();
  return (
    <Button
      variant="outline"
      size="small"
      aria-label={`Subscribe to ${name}`}
      onClick={() => openDialog('subscribe-email', { topic, title: `Subscribe to ${name}`, description })}
    >
      Subscribe
    </Button>
  );
}
