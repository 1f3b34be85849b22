'use client';

// The staff area's "Verse of the day" section (issue 24 item 4; docs/decisions/049-verse-of-the-day.md):
// what readers get today in each language, a form to add a verse by typing its reference (for a day,
// or for the rotation), the scheduled verses by day, and the rotation in order (up, down, remove).
// Every write goes through the API, which asks the policy again; the page then reloads its data.
import Link from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import staff from '@/components/staff/staff.module.css';
import {
  DAILY_VERSE_LANGUAGE_LABELS,
  DAILY_VERSE_LANGUAGES,
  DAILY_VERSE_MAX_VERSES,
  DAILY_VERSE_REFERENCE_MAX,
} from '@/server/modules/scripture/daily-verses.limits';
import {
  addDailyVerse,
  moveDailyVerse,
  removeDailyVerse,
  unscheduleDailyVerse,
  type DailyVerse,
  type DailyVerseLanguage,
  type VerseOfTheDay,
} from './daily-verses-api';
import styles from './daily-verses-panel.module.css';

type Props = {
  scheduled: DailyVerse[];
  rotation: DailyVerse[];
  /** What readers of each language are shown today. */
  today: VerseOfTheDay[];
  /** The site's day (UTC), YYYY-MM-DD: the earliest a verse may be scheduled for. */
  todayDate: string;
};

const SOURCE_LABELS: Record<VerseOfTheDay['source'], string> = {
  scheduled: 'scheduled for today',
  rotation: 'from the rotation',
  yearly: 'from the built-in yearly list',
};

const nameOf = (verse: DailyVerse) =>
  verse.display.en === verse.display.zh ? verse.display.en : `${verse.display.en} · ${verse.display.zh}`;

export function DailyVersesPanel({ scheduled, rotation, today, todayDate }: Props) {
  return (
    <>
      <section className={staff.card} aria-labelledby="verse-today">
        <h2 id="verse-today" className={staff.cardTitle}>
          Today ({todayDate}, UTC)
        </h2>
        <ul className={styles.today}>
          {today.map((verse) => (
            <li key={verse.language} data-testid={`verse-today-${verse.language}`}>
              <span className={styles.todayLanguage}>{verse.language === 'zh' ? 'Chinese' : 'English'}</span>
              <span className={staff.itemText}>
                <Link href={verse.href}>{verse.display}</Link>
                <span className={staff.itemDetail}>
                  {verse.translationName}, {SOURCE_LABELS[verse.source]}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <AddVerse todayDate={todayDate} />
      <section className={staff.card} aria-labelledby="verses-scheduled">
        <h2 id="verses-scheduled" className={staff.cardTitle}>
          Scheduled
        </h2>
        <p className={staff.hint}>On its day a scheduled verse is every reader&rsquo;s of its languages.</p>
        {scheduled.length === 0 ? <p className={staff.empty}>No verse is scheduled.</p> : null}
        <ol className={staff.list} aria-label="Scheduled verses">
          {scheduled.map((verse) => (
            <VerseRow key={verse.id} verse={verse} past={verse.scheduledFor! < todayDate} />
          ))}
        </ol>
      </section>
      <section className={staff.card} aria-labelledby="verses-rotation">
        <h2 id="verses-rotation" className={staff.cardTitle}>
          Rotation
        </h2>
        <p className={staff.hint}>
          A day with no scheduled verse takes the next of these, in this order, one a day. With none, the
          built-in yearly list.
        </p>
        {rotation.length === 0 ? <p className={staff.empty}>The rotation is empty.</p> : null}
        <ol className={staff.list} aria-label="Rotation">
          {rotation.map((verse, index) => (
            <VerseRow key={verse.id} verse={verse} index={index} last={index === rotation.length - 1} />
          ))}
        </ol>
      </section>
    </>
  );
}

function AddVerse({ todayDate }: { todayDate: string }) {
  const router = useRouter();
  const { showMessage } = useDialog();
  const [reference, setReference] = useState('');
  const [day, setDay] = useState('');
  const [language, setLanguage] = useState<DailyVerseLanguage>('both');
  const add = useMutation(() => addDailyVerse(reference, day || null, language), {
    holdsDialog: false,
    showError: 'inline',
    onSuccess: (verse) => {
      setReference('');
      setDay('');
      router.refresh();
      showMessage(`Added ${verse.display.en}`);
    },
  });
  return (
    <section className={staff.card} aria-labelledby="verse-add">
      <h2 id="verse-add" className={staff.cardTitle}>
        Add a verse
      </h2>
      <form
        className={staff.row}
        onSubmit={(event) => {
          event.preventDefault();
          void add.run();
        }}
      >
        <Field
          label="Reference"
          hint={`In English or Chinese: John 3:16, Psalm 23:1–3, 约3:16. At most ${DAILY_VERSE_MAX_VERSES} verses.`}
          error={add.error}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              required
              maxLength={DAILY_VERSE_REFERENCE_MAX}
              value={reference}
              disabled={add.busy}
              onChange={(event) => setReference(event.target.value)}
            />
          )}
        </Field>
        <Field label="Day (UTC)" hint="Empty: add it to the rotation.">
          {(control) => (
            <input
              {...control}
              type="date"
              className="input"
              min={todayDate}
              value={day}
              disabled={add.busy}
              onChange={(event) => setDay(event.target.value)}
            />
          )}
        </Field>
        <Field label="Readers">
          {(control) => (
            <select
              {...control}
              className="input"
              value={language}
              disabled={add.busy}
              onChange={(event) => setLanguage(event.target.value as DailyVerseLanguage)}
            >
              {DAILY_VERSE_LANGUAGES.map((value) => (
                <option key={value} value={value}>
                  {DAILY_VERSE_LANGUAGE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" busy={add.busy}>
          Add
        </Button>
      </form>
    </section>
  );
}

function VerseRow(props: { verse: DailyVerse; index?: number; last?: boolean; past?: boolean }) {
  const { verse, index, last, past } = props;
  const router = useRouter();
  const name = nameOf(verse);
  const act = useMutation((action: () => Promise<unknown>) => action(), {
    holdsDialog: false,
    showError: 'toast',
    onSuccess: () => router.refresh(),
  });
  const inRotation = index !== undefined;
  return (
    <li className={staff.item} data-testid="daily-verse">
      <span className={staff.position}>{inRotation ? `${index + 1}.` : null}</span>
      <span className={staff.itemText}>
        {name}
        <span className={staff.itemDetail}>
          {verse.scheduledFor ? `${verse.scheduledFor}${past ? ' (passed)' : ''} · ` : null}
          {DAILY_VERSE_LANGUAGE_LABELS[verse.language]}
        </span>
      </span>
      {inRotation ? (
        <>
          <button
            type="button"
            className={staff.iconButton}
            aria-label={`Move ${verse.display.en} up`}
            disabled={act.busy || index === 0}
            onClick={() => void act.run(() => moveDailyVerse(verse.id, 'up'))}
          >
            ↑
          </button>
          <button
            type="button"
            className={staff.iconButton}
            aria-label={`Move ${verse.display.en} down`}
            disabled={act.busy || last}
            onClick={() => void act.run(() => moveDailyVerse(verse.id, 'down'))}
          >
            ↓
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Put ${verse.display.en} in the rotation`}
          disabled={act.busy}
          onClick={() => void act.run(() => unscheduleDailyVerse(verse.id))}
        >
          To rotation
        </button>
      )}
      <button
        type="button"
        className={staff.iconButton}
        aria-label={`Remove ${verse.display.en}`}
        disabled={act.busy}
        onClick={() => void act.run(() => removeDailyVerse(verse.id))}
      >
        ×
      </button>
    </li>
  );
}
