'use client';

// One collection on the edit page: its name, description and published-story count; Edit turns it
// into a form (PATCH /api/collections/{id}), Delete asks first and says what becomes of its stories.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { REMOVED_SUCCESSFULLY } from '@/server/modules/publications/publications.limits';
import { deleteCollection, updateCollection, type Collection } from './manage-api';
import { CollectionFields } from './collection-fields';
import styles from './collection-row.module.css';

type Props = {
  collection: Collection;
  publicationName: string;
  onSaved: (collection: Collection) => void;
  onDeleted: () => void;
};

type Mode = 'view' | 'edit' | 'confirm';

const storyCount = (n: number) => (n === 1 ? '1 published story' : `${n} published stories`);

export function CollectionRow({ collection, publicationName, onSaved, onDeleted }: Props) {
  const { showToast } = useToast();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description);

  const changes = {
    ...(name.trim() !== collection.name && { name: name.trim() }),
    ...(description.trim() !== collection.description && { description: description.trim() }),
  };
  const save = useMutation(() => updateCollection(collection.id, changes), {
    onSuccess: (saved) => {
      onSaved(saved);
      setMode('view');
      showToast('Saved successfully', 'info'); // SPEC §8, word for word
    },
  });
  const remove = useMutation(() => deleteCollection(collection.id), {
    onSuccess: () => {
      onDeleted();
      showToast(REMOVED_SUCCESSFULLY, 'info');
    },
  });

  const edit = () => {
    setName(collection.name);
    setDescription(collection.description);
    setMode('edit');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(changes).length === 0) setMode('view');
    else if (name.trim()) void save.run();
  };

  if (mode === 'edit') {
    return (
      <li className={styles.collection}>
        <form
          className={styles.collectionEdit}
          onSubmit={submit}
          noValidate
          aria-label={`Edit ${collection.name}`}
        >
          <CollectionFields
            name={name}
            description={description}
            onNameChange={setName}
            onDescriptionChange={setDescription}
            disabled={save.busy}
          />
          <div className={styles.formActions}>
            <Button variant="ghost" onClick={() => setMode('view')} disabled={save.busy}>
              Cancel
            </Button>
            <Button type="submit" busy={save.busy} busyLabel="Saving…" disabled={!name.trim()}>
              Save
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className={styles.collection}>
      <div className={styles.collectionMain}>
        <h3 className={styles.collectionName}>{collection.name}</h3>
        {collection.description ? <p className={styles.collectionText}>{collection.description}</p> : null}
        <p className={styles.collectionMeta}>{storyCount(collection.storyCount)}</p>
      </div>
      {mode === 'confirm' ? (
        <div className={styles.confirm} role="group" aria-label={`Delete ${collection.name}?`}>
          <p>
            Delete the collection <strong>{collection.name}</strong>? Its stories are not deleted: they stay
            in {publicationName} without a collection, and no longer show under this tab.
          </p>
          <div className={styles.formActions}>
            <Button variant="ghost" onClick={() => setMode('view')} disabled={remove.busy}>
              Keep it
            </Button>
            <Button
              variant="danger"
              busy={remove.busy}
              busyLabel="Deleting…"
              onClick={() => void remove.run()}
            >
              Delete collection
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.collectionActions}>
          <Button variant="outline" size="small" onClick={edit} aria-label={`Edit ${collection.name}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="small"
            className={styles.dangerText}
            onClick={() => setMode('confirm')}
            aria-label={`Delete ${collection.name}`}
          >
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
