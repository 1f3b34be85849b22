// Props of the newsletter dialogs (SPEC §2 keys add-newsletter … cancel-schedule-newsletter).
import type { NewsletterEntry } from './newsletters-api';

/** add-newsletter: the story from the story-actions menu. */
export type AddNewsletterDialogProps = {
  story: {
    id: string;
    title: string;
    publicationId: string;
    collectionId: string | null;
    publishedAt: number | null;
    scheduledTime: number | null;
    createdAt: number;
  };
  onDone?: () => void;
};

/** Every dialog about an entry of the newsletters list. */
export type NewsletterDialogProps = { entry: NewsletterEntry; onDone?: () => void };
