'use client';

// A user id with a Copy button: owners add people by id (SPEC §5), so ids are shown and easy to pass on.
import { useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text';
import styles from './manage.module.css';

export function CopyableId({ id, name }: { id: string; name: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    setState((await copyText(id)) ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <span className={styles.userId}>
      <span className="visually-hidden">User id: </span>
      <code className={styles.userIdText}>{id}</code>
      <button
        type="button"
        className={styles.copyButton}
        onClick={copy}
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
