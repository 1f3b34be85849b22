'use client';

// The fields shared by create-list, edit-list and save-to's inline form (SPEC §2, §5): the name
// with the placeholder 'List name (60 Char Max)' and a Public checkbox. The limit is the API's
// (lists.limits.ts), shown as a counter but not enforced here (SPEC §5); the server refuses a longer
// name with a clear message.
import { useId } from 'react';
import { LIST_NAME_MAX, listNameLength } from '@/server/modules/lists/lists.limits';
import { LIST_NAME_PLACEHOLDER } from './lists-api';
import styles from './list-dialogs.module.css';

type Props = {
  name: string;
  onNameChange: (name: string) => void;
  isPublic: boolean;
  onPublicChange: (isPublic: boolean) => void;
  disabled?: boolean;
  autoFocus?: boolean;
};

export function ListFields({ name, onNameChange, isPublic, onPublicChange, disabled, autoFocus }: Props) {
  const nameId = useId();
  const counterId = useId();
  const length = listNameLength(name.trim());
  return (
    <>
      <div className={styles.nameRow}>
        <label htmlFor={nameId} className="visually-hidden">
          List name
        </label>
        <input
          id={nameId}
          className={`input ${styles.nameInput}`}
          type="text"
          placeholder={LIST_NAME_PLACEHOLDER}
          value={name}
          onChange={(event) => onNameChange(event.target.value)}
          disabled={disabled}
          autoFocus={autoFocus}
          autoComplete="off"
          aria-describedby={counterId}
        />
        <span
          id={counterId}
          className={`${styles.counter} ${length > LIST_NAME_MAX ? styles.counterOver : ''}`}
          aria-live="polite"
        >
          {length}/{LIST_NAME_MAX}
        </span>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => onPublicChange(event.target.checked)}
          disabled={disabled}
        />
        <span className={styles.checkText}>
          <span>Public</span>
          <span className={styles.checkHint}>
            {isPublic ? 'Anyone with the link can see this list.' : 'Only you can see this list.'}
          </span>
        </span>
      </label>
    </>
  );
}
