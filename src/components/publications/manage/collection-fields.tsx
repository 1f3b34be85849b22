'use client';

// A collection's name and description, as the new-collection form and a row being edited show them.
import { Field } from '@/components/ui/field';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
} from '@/server/modules/publications/publications.limits';
import styles from './collection-fields.module.css';

type Props = {
  name: string;
  description: string;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
  disabled?: boolean;
};

export function CollectionFields({ name, description, onNameChange, onDescriptionChange, disabled }: Props) {
  return (
    <div className={styles.collectionFields}>
      <Field label="Collection name">
        {(control) => (
          <input
            {...control}
            value={name}
            onChange={(event) => onNameChange(event.target.value)}
            maxLength={COLLECTION_NAME_MAX}
            placeholder={`At most ${COLLECTION_NAME_MAX} characters`}
            required
            disabled={disabled}
          />
        )}
      </Field>
      <Field label="Description (optional)">
        {(control) => (
          <input
            {...control}
            value={description}
            onChange={(event) => onDescriptionChange(event.target.value)}
            maxLength={COLLECTION_DESCRIPTION_MAX}
            disabled={disabled}
          />
        )}
      </Field>
    </div>
  );
}
