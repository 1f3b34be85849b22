'use client';

// A user id with a Copy button: owners add people by id (SPEC §5), so ids are shown and easy to pass on.
import { useCopyText } from '@/components/ui/use-copy-text';
import styles from './copy-id-button.module.css';

export function CopyableId({ id, name }: { id: string; name: string }) {
  const { state, copy } = useCopyText(2000);

  return (
    <span className={styles.userId}>
      <span className="visually-hidden">User id: </span>
      <code className={styles.userIdText}>{id}</code>
      <button
        type="button"
        className={styles.copyButton}
        onClick={() => void copy(id)}
        aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${name}’s user id`}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? 'User id copied'
          : state === 'failed'
            ? 'Could not copy; select the id instead'
            : ''}
      </span>
    </span>
  );
}
