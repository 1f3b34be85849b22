'use client';

// Subtopics (SPEC §2 subtopic-edit, §7 /subtopics): create one, edit its name and description in the
// subtopic-edit dialog (which also deletes it, after a confirmation), and choose its stories in order.
import Link from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { EditorItem } from '@/server/modules/curation/curation.service';
import type { Subtopic } from '@/server/modules/subtopics/subtopics.schema';
import { SUBTOPIC_DESCRIPTION_MAX, SUBTOPIC_NAME_MAX } from '@/server/modules/subtopics/subtopics.limits';
import { findStoryItems } from './finders';
import { OrderedSetEditor } from './ordered-set-editor';
import { assignSubtopicStories, createSubtopic } from './staff-api';
import styles from './staff.module.css';

/** The most stories one subtopic holds (the API's limit). */
const SUBTOPIC_STORIES_MAX = 100;

type Props = {
  subtopics: Subtopic[];
  /** The subtopic whose stories are being chosen, with them in order. */
  chosen: { subtopic: Subtopic; stories: EditorItem[] } | null;
};

export function SubtopicsPanel({ subtopics, chosen }: Props) {
  const { openDialog } = useDialog();
  return (
    <>
      <CreateSubtopic />
      <section className={styles.card} aria-labelledby="subtopic-list">
        <h2 id="subtopic-list" className={styles.cardTitle}>
          Subtopics
        </h2>
        {subtopics.length === 0 ? <p className={styles.empty}>No subtopics yet.</p> : null}
        <ul className={styles.results}>
          {subtopics.map((subtopic) => (
            <li key={subtopic.id} className={styles.result}>
              <span className={styles.itemText}>
                {subtopic.subtopicName}
                <span className={styles.itemDetail}>
                  {subtopic.description || 'No description'} · {subtopic.storyCount} published{' '}
                  {subtopic.storyCount === 1 ? 'story' : 'stories'}
                </span>
              </span>
              <Link
                href={`/admin?section=subtopics&subtopic=${subtopic.id}`}
                className="button button-ghost button-small"
              >
                Stories
              </Link>
              <button
                type="button"
                className="button button-outline button-small"
                aria-label={`Edit ${subtopic.subtopicName}`}
                onClick={() => openDialog('subtopic-edit', { subtopic })}
              >
                Edit
              </button>
            </li>
          ))}
        </ul>
      </section>
      {chosen ? (
        <OrderedSetEditor
          key={chosen.subtopic.id}
          title={`Stories of ${chosen.subtopic.subtopicName}`}
          hint="Readers see the published ones, in this order."
          initial={chosen.stories}
          find={findStoryItems}
          findLabel="Find a published story…"
          max={SUBTOPIC_STORIES_MAX}
          save={(ids) => assignSubtopicStories(chosen.subtopic.id, ids)}
        />
      ) : null}
    </>
  );
}

function CreateSubtopic() {
  const router = useRouter();
  const { showMessage } = useDialog();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation(() => createSubtopic(name, description), {
    holdsDialog: false,
    showError: 'inline',
    onSuccess: () => {
      setName('');
      setDescription('');
      router.refresh();
      showMessage('Created successfully');
    },
  });
  return (
    <section className={styles.card} aria-labelledby="new-subtopic">
      <h2 id="new-subtopic" className={styles.cardTitle}>
        New subtopic
      </h2>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <Field label="Name" error={create.error}>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={SUBTOPIC_NAME_MAX}
              value={name}
              disabled={create.busy}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Description">
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={SUBTOPIC_DESCRIPTION_MAX}
              value={description}
              disabled={create.busy}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={create.busy}>
          Create
        </Button>
      </form>
    </section>
  );
}
