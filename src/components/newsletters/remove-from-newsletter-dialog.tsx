'use client';

// SPEC §2 'remove-from-newsletter': confirms taking the article out of the newsletter, with its title
// and time. DELETE …/newsletters/{newsletterId}?postId {publicationId, newsletterId, postId}.
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterRemoval } from './newsletter-removal';

export default function RemoveFromNewsletterDialog(props: NewsletterDialogProps) {
  return (
    <NewsletterRemoval
      {...props}
      title="Remove from newsletter"
      question="Remove this article from the newsletter?"
      withTime
      labels={{ cancel: 'Cancel', confirm: 'Remove' }}
    />
  );
}
