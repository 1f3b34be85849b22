'use client';

import { useId } from 'react';
import type { PublicationSummary } from './story-api';
import styles from './story-dialogs.module.css';

type PublicationFieldsProps = {
  publications: PublicationSummary[];
  loading: boolean;
  publicationId: string | null;
  collectionId: string | null;
  onChange: (publicationId: string | null, collectionId: string | null) => void;
  disabled?: boolean;
  /** A published or scheduled story stays in its publication (only the collection may change). */
  publicationFixed?: boolean;
};

/** SPEC §2 publication and collection choice among the writer's publications. */
export function PublicationFields({
  publications,
  loading,
  publicationId,
  collectionId,
  onChange,
  disabled,
  publicationFixed,
}: PublicationFieldsProps) {
  const publicationSelect = useId();
  const collectionSelect = useId();
  const chosen = publications.find((p) => p.id === publicationId) ?? null;

  return (
    <div className={styles.twoColumns}>
      <div className={styles.fieldGroup}>
        <label htmlFor={publicationSelect} className={styles.label}>
          Publication
        </label>
        <select
          id={publicationSelect}
          className="input"
          value={publicationId ?? ''}
          disabled={disabled || loading || publicationFixed}
          onChange={(event) => onChange(event.target.value || null, null)}
        >
          <option value="">{loading ? 'Loading…' : 'None: publish on my own'}</option>
          {publications.map((publication) => (
            <option key={publication.id} value={publication.id}>
              {publication.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.fieldGroup}>
        <label htmlFor={collectionSelect} className={styles.label}>
          Collection
        </label>
        <select
          id={collectionSelect}
          className="input"
          value={collectionId ?? ''}
          disabled={disabled || !chosen || chosen.collections.length === 0}
          onChange={(event) => onChange(publicationId, event.target.value || null)}
        >
          <option value="">
            {!chosen
              ? 'Choose a publication first'
              : chosen.collections.length
                ? 'Choose a collection'
                : 'No collections yet'}
          </option>
          {chosen?.collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
