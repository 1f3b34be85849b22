'use client';

// Opens a publication's subscribe dialog (SPEC §2): 'publication-subscription' on its page,
// 'publicationArticle-subscription' under one of its stories. The dialog looks the topic up.
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';

type Props = {
  publicationId: string;
  publicationName: string;
  /** Under a story of the publication, or on the publication's own page. */
  from: 'publication' | 'article';
  className?: string;
};

export function SubscribeButton({ publicationId, publicationName, from, className }: Props) {
  const { openDialog } = useDialog();
  const key = from === 'article' ? 'publicationArticle-subscription' : 'publication-subscription';
  return (
    <Button
      variant="outline"
      size="small"
      className={className}
      onClick={() => openDialog(key, { publicationId, publicationName })}
    >
      Subscribe to {publicationName}
    </Button>
  );
}
