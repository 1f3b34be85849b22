'use client';

// SPEC §2 'newsletter-confirmation': 'Are you sure you want to delete the newsletter?' (an entry that
// was sent, deleted with its stats).
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterRemoval } from './newsletter-removal';

export default function NewsletterConfirmationDialog(props: NewsletterDialogProps) {
  return (
    <NewsletterRemoval
      {...props}
      title="Delete newsletter"
      question="Are you sure you want to delete the newsletter?"
      withTime={false}
      labels={{ cancel: 'No', confirm: 'Yes' }}
    />
  );
}
