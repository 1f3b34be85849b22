// A keyset list (useKeysetList) whose first page could not be loaded: why, and 'Try again'.
import { Button } from '@/components/ui/button';

type ListErrorProps = {
  /** The list's useKeysetList(), with its error. */
  list: { error: string | null; retry: () => unknown };
  /** The list's own frame for an empty or failed state. */
  className: string;
};

export function ListError({ list, className }: ListErrorProps) {
  return (
    <div className={className} role="alert">
      <p>{list.error}</p>
      <Button variant="outline" onClick={() => void list.retry()}>
        Try again
      </Button>
    </div>
  );
}
