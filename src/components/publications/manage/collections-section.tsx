'use client';

// The collections part of /publications/{id}/edit: the publication's collections with their story
// counts, created, renamed and deleted here. Deleting one keeps its stories in the publication with no
// collection (the server's choice), and the confirmation says so.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { useToast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { createCollection, type Collection } from './manage-api';
import { CollectionFields } from './collection-fields';
import { CollectionRow } from './collection-row';
import styles from './collections-section.module.css';

type Props = { publicationId: string; publicationName: string; initial: Collection[] };

export function CollectionsSection({ publicationId, publicationName, initial }: Props) {
  const { showToast } = useToast();
  const [collections, setCollections] = useState(initial);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const create = useMutation(() => createCollection(publicationId, name.trim(), description.trim()), {
    onSuccess: (collection) => {
      setCollections((list) => [...list, collection]);
      setName('');
      setDescription('');
      showToast('Created successfully', 'info'); // SPEC §8, word for word
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && !create.busy) void create.run();
  };

  return (
    <section className={styles.section} aria-labelledby="collections-heading">
      <div className={styles.sectionHead}>
        <h2 id="collections-heading" className={styles.sectionTitle}>
          Collections
        </h2>
        <p className={styles.sectionLead}>
          Collections group the publication’s stories into tabs on its page. Every story placed in the
          publication belongs to one.
        </p>
      </div>
      {collections.length === 0 ? (
        <p className={styles.empty}>
          No collections yet. Create the first one below: writers need a collection to place a story in{' '}
          {publicationName}.
        </p>
      ) : (
        <ul className={styles.collectionList} aria-label="Collections">
          {collections.map((collection) => (
            <CollectionRow
              key={collection.id}
              collection={collection}
              publicationName={publicationName}
              onSaved={(changed) =>
                setCollections((list) => list.map((item) => (item.id === changed.id ? changed : item)))
              }
              onDeleted={() => setCollections((list) => list.filter((item) => item.id !== collection.id))}
            />
          ))}
        </ul>
      )}
      <form className={styles.createCollection} onSubmit={submit} noValidate aria-label="New collection">
        <h3 className={styles.subTitle}>New collection</h3>
        <CollectionFields
          name={name}
          description={description}
          onNameChange={setName}
          onDescriptionChange={setDescription}
          disabled={create.busy}
        />
        <div className={styles.formActions}>
          <Button type="submit" busy={create.busy} busyLabel="Creating…" disabled={!name.trim()}>
            Create collection
          </Button>
        </div>
      </form>
    </section>
  );
}
