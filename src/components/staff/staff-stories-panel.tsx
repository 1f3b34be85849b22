'use client';

// The staff area's stories. Site admins search every story — drafts, scheduled, pending and rejected
// ones too — by words, status, language and writer (GET /api/posts/search_all). Every site staff
// member opens any story by its address or id. Either way "Edit excerpt" opens the story-update
// dialog, where staff change the excerpt and nothing else of another writer's story (SPEC §2, §6).
import { useCallback, useMemo, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { STORY_LANGUAGES } from '@/lib/detect-language';
import { ItemPicker } from './item-picker';
import { findWriterItems } from './finders';
import type { ListItem } from './sortable-list';
import { searchAllStories, type StaffSearchFilters, type StorySummary } from './staff-api';
import styles from './staff.module.css';

const STATUSES = [
  ['', 'All statuses'],
  ['draft', 'Draft'],
  ['pending', 'Under review'],
  ['rejected', 'Rejected'],
  ['scheduled', 'Scheduled'],
  ['published', 'Published'],
] as const;

/** The story id in a story's address (its last 21 characters, DESIGN §2) or the id itself. */
export function storyIdFrom(text: string): string | null {
  const path = text.trim().split(/[?#]/)[0].replace(/\/+$/, '');
  const id = path.slice(-21);
  return /^[0-9A-Za-z_-]{21}$/.test(id) ? id : null;
}

export function StaffStoriesPanel({ canSearchAll }: { canSearchAll: boolean }) {
  return (
    <div className={styles.section}>
      <OpenByAddress />
      {canSearchAll ? <SearchAllStories /> : null}
    </div>
  );
}

function OpenByAddress() {
  const { openDialog } = useDialog();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    const postId = storyIdFrom(text);
    if (!postId) return setError('Paste a story’s address (…/stories/…) or its 21-character id.');
    setError(null);
    openDialog('story-update', { postId, returnPath: '/admin?section=stories' });
  };
  return (
    <section className={styles.card} aria-labelledby="open-story">
      <h2 id="open-story" className={styles.cardTitle}>
        Edit a story’s excerpt
      </h2>
      <p className={styles.hint}>Any story, published or not: paste its address or id.</p>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          open();
        }}
      >
        <Field label="Story address or id" error={error}>
          {(control) => (
            <input {...control} className="input" value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
        <Button type="submit">Open</Button>
      </form>
    </section>
  );
}

function SearchAllStories() {
  const { openDialog } = useDialog();
  const [form, setForm] = useState<StaffSearchFilters>({});
  const [writer, setWriter] = useState<ListItem | null>(null);
  const [filters, setFilters] = useState<StaffSearchFilters>({});
  const query = useMemo(() => JSON.stringify(filters), [filters]);
  const fetchPage = useCallback(
    async (lastKey: Parameters<typeof searchAllStories>[1], { signal }: { signal: AbortSignal }) => {
      const page = await searchAllStories(filters, lastKey, signal);
      return { items: page.posts, lastKey: page.lastKey };
    },
    [filters],
  );
  const list = useKeysetList<StorySummary>({ query, fetchPage });
  const set = (patch: StaffSearchFilters) => setForm((current) => ({ ...current, ...patch }));

  return (
    <section className={styles.card} aria-labelledby="all-stories">
      <h2 id="all-stories" className={styles.cardTitle}>
        Search all stories
      </h2>
      <form
        className={styles.row}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...form, authorId: writer?.id });
        }}
      >
        <Field label="Words">
          {(control) => (
            <input
              {...control}
              className="input"
              value={form.q ?? ''}
              onChange={(e) => set({ q: e.target.value })}
            />
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <select
              {...control}
              className="input"
              value={form.status ?? ''}
              onChange={(e) => set({ status: (e.target.value || undefined) as StaffSearchFilters['status'] })}
            >
              {STATUSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Language">
          {(control) => (
            <select
              {...control}
              className="input"
              value={form.languageCode ?? ''}
              onChange={(e) => set({ languageCode: e.target.value || undefined })}
            >
              <option value="">All languages</option>
              {STORY_LANGUAGES.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit">Search</Button>
      </form>
      <div className={styles.row} style={{ marginTop: 12 }}>
        {writer ? (
          <p className={styles.hint}>
            Writer: <strong>{writer.label}</strong>{' '}
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => setWriter(null)}
            >
              Any writer
            </button>
          </p>
        ) : (
          <div style={{ flex: '1 1 240px' }}>
            <ItemPicker label="Only this writer…" find={findWriterItems} chosen={[]} onAdd={setWriter} />
          </div>
        )}
      </div>
      {list.error ? (
        <p className="field-error" role="alert">
          {list.error}
        </p>
      ) : null}
      {list.items === null ? (
        <p className={styles.hint} role="status">
          Loading…
        </p>
      ) : list.items.length === 0 ? (
        <p className={styles.empty}>No story matches.</p>
      ) : (
        <ul className={styles.results} aria-label="Stories found">
          {list.items.map((story) => (
            <li key={story.id} className={styles.result}>
              <span className={styles.itemText}>
                {story.title.trim() || 'Untitled story'} <span className={styles.status}>{story.status}</span>
                <span className={styles.itemDetail}>
                  {story.author.name} · {story.languageCode}
                </span>
              </span>
              <button
                type="button"
                className="button button-outline button-small"
                onClick={() =>
                  openDialog('story-update', {
                    postId: story.id,
                    returnPath: '/admin?section=stories',
                    onStoryChange: () => void list.reload(),
                  })
                }
              >
                Edit excerpt
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}
