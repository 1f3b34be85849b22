'use client';

// Turning a collection into a reading plan (docs/decisions/050-reading-plans.md): the owner picks a
// collection, its published stories become the days (oldest first), and they may reorder or drop
// days, give each the passages to read with it ("Ps 23; John 3:16"), and name the plan.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toErrorMessage } from '@/lib/api-client';
import { PLAN_DESCRIPTION_MAX, PLAN_TITLE_MAX } from '@/server/modules/plans/plans.limits';
import { createPlan, fetchCollectionStories, type Plan } from './plans-api';
import styles from './plans-manage.module.css';

export type PlanCollection = { id: string; name: string; description: string };
type DraftDay = { key: string; postId: string; title: string; passages: string };

/** "Ps 23; John 3:16" → ['Ps 23', 'John 3:16']. */
const splitPassages = (text: string) =>
  text
    .split(/[;；]/)
    .map((part) => part.trim())
    .filter(Boolean);

export function NewPlanForm({
  publicationId,
  collections,
  onCreated,
}: {
  publicationId: string;
  collections: PlanCollection[];
  onCreated: (plan: Plan) => void;
}) {
  const [collectionId, setCollectionId] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [days, setDays] = useState<DraftDay[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const choose = async (id: string) => {
    setCollectionId(id);
    setDays([]);
    setLoadError(null);
    const collection = collections.find((c) => c.id === id);
    if (!collection) return;
    setTitle(collection.name);
    setDescription(collection.description);
    setLoading(true);
    try {
      const stories = await fetchCollectionStories(id);
      setDays(
        stories
          .reverse()
          .map((story) => ({ key: story.id, postId: story.id, title: story.title, passages: '' })),
      );
    } catch (error) {
      setLoadError(toErrorMessage(error));
    } finally {
      setLoading(false);
    }
  };

  const move = (index: number, by: -1 | 1) =>
    setDays((current) => {
      const next = [...current];
      const [day] = next.splice(index, 1);
      next.splice(index + by, 0, day!);
      return next;
    });
  const remove = (index: number) => setDays((current) => current.filter((_, i) => i !== index));
  const setPassages = (index: number, passages: string) =>
    setDays((current) => current.map((day, i) => (i === index ? { ...day, passages } : day)));

  const create = useMutation(
    () =>
      createPlan({
        publicationId,
        collectionId,
        title: title.trim(),
        description: description.trim(),
        days: days.map((day) => ({ postId: day.postId, passages: splitPassages(day.passages) })),
      }),
    {
      showError: 'inline',
      holdsDialog: false,
      onSuccess: (plan) => {
        setCollectionId('');
        setTitle('');
        setDescription('');
        setDays([]);
        onCreated(plan);
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!create.busy && collectionId && title.trim() && days.length > 0) void create.run();
  };

  if (collections.length === 0) {
    return <p className={styles.empty}>Make a collection first: a plan is made from one.</p>;
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New reading plan">
      <h3 className={styles.subTitle}>Make a plan from a collection</h3>
      <Field label="Collection" error={loadError}>
        {(control) => (
          <select
            {...control}
            value={collectionId}
            disabled={create.busy || loading}
            onChange={(event) => void choose(event.target.value)}
          >
            <option value="">Choose a collection…</option>
            {collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {loading ? <p className={styles.meta}>Loading its stories…</p> : null}
      {collectionId && !loading ? (
        <>
          <Field label="Title">
            {(control) => (
              <input
                {...control}
                value={title}
                maxLength={PLAN_TITLE_MAX}
                disabled={create.busy}
                onChange={(event) => setTitle(event.target.value)}
              />
            )}
          </Field>
          <Field label="Description">
            {(control) => (
              <input
                {...control}
                value={description}
                maxLength={PLAN_DESCRIPTION_MAX}
                disabled={create.busy}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </Field>
          {days.length === 0 ? (
            <p className={styles.empty}>This collection has no published stories yet.</p>
          ) : (
            <ol className={styles.days} aria-label="Days">
              {days.map((day, index) => (
                <li key={day.key} className={styles.day} aria-label={`Day ${index + 1}: ${day.title}`}>
                  <span className={styles.dayNumber}>Day {index + 1}</span>
                  <p className={styles.dayStory}>{day.title}</p>
                  <div className={styles.dayButtons}>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`Move day ${index + 1} up`}
                      disabled={index === 0 || create.busy}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`Move day ${index + 1} down`}
                      disabled={index === days.length - 1 || create.busy}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`Remove day ${index + 1}`}
                      disabled={days.length === 1 || create.busy}
                      onClick={() => remove(index)}
                    >
                      ✕
                    </button>
                  </div>
                  <Field className={styles.dayPassages} label={`Passages for day ${index + 1}`} hideLabel>
                    {(control) => (
                      <input
                        {...control}
                        value={day.passages}
                        placeholder="Passages, e.g. Ps 23; John 3:16"
                        disabled={create.busy}
                        onChange={(event) => setPassages(index, event.target.value)}
                      />
                    )}
                  </Field>
                </li>
              ))}
            </ol>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              busy={create.busy}
              busyLabel="Making…"
              disabled={!title.trim() || days.length === 0}
            >
              Make the reading plan
            </Button>
            {create.error ? (
              <p className={styles.error} role="alert">
                {create.error}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </form>
  );
}
