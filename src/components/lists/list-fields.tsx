'use client';

// The fields shared by create-list, edit-list and save-to's inline form (SPEC §2, §5): the name
// with the placeholder 'List name (60 Char Max)' and a Public checkbox. The 60 characters are shown
// but not enforced here (SPEC §5); the server refuses a longer name with a clear message.
import { useId } from 'react';
import { LIST_NAME_PLACEHOLDER } from './lists-api';
import styles from './list-dialogs.module.css';

export const LIST_NAME_LIMIT = 60; // SPEC §9

/** Characters as the server counts them (an emoji is one). */
export const nameLength = (name: string) => [...name.trim()].length;

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
  const length = nameLength(name);
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
          className={`${styles.counter} ${length > LIST_NAME_LIMIT ? styles.counterOver : ''}`}
          aria-live="polite"
        >
          {length}/{LIST_NAME_LIMIT}
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
