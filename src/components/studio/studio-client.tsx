'use client';

// SPEC §2 /me, the studio: the signed-in writer's stories of every status (and those other writers
// put in publications the writer owns or edits), newest first, a page at a time, under the
// story-filter; each row opens the story-actions menu. Anonymous visitors get the sign-in prompt.
import Link from '@/components/ui/link';
import { useSession } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { SignInPrompt } from '@/components/editor/sign-in-prompt';
import { ListError } from '@/components/hooks/list-error';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { storyKeysetPage } from '@/components/stories/story-api';
import {
  getStudioFilters,
  listStudioStories,
  type StudioFilters,
  type StudioFilterValues,
} from './studio-api';
import {
  activeFilterCount,
  filtersFromParams,
  STATUS_OPTIONS,
  studioHref,
  TIME_OPTIONS,
} from './studio-filters';
import { StudioStoryRow } from './studio-story-row';
import rows from './story-rows.module.css';
import styles from './studio.module.css';

const PAGE_SIZE = 10;

export function StudioClient() {
  const { data: session, status } = useSession();
  if (status === 'loading') return <StudioSkeleton />;
  if (status === 'unauthenticated' || !session?.user?.id) return <SignInPrompt action="open your studio" />;
  return <Studio userId={session.user.id} />;
}

function Studio({ userId }: { userId: string }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const { openDialog } = useDialog();
  const paramsText = searchParams.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(paramsText)), [paramsText]);
  const returnPath = studioHref(filters);

  const list = useKeysetList({
    query: JSON.stringify(filters),
    fetchPage: (lastKey, { signal, limit }) =>
      listStudioStories(userId, filters, {
        lastKey,
        limit: Math.max(limit ?? 0, PAGE_SIZE),
        signal,
      }).then(storyKeysetPage),
  });
  const [choices, setChoices] = useState<StudioFilters | null>(null);

  const loadChoices = useCallback(() => {
    getStudioFilters(userId)
      .then(setChoices)
      .catch(() => setChoices({ collections: [], writers: [], publications: [] }));
  }, [userId]);
  useEffect(() => {
    loadChoices();
  }, [loadChoices]);

  /** After a story action: the same rows again, fresh (and the filter choices, which it may change). */
  const { reload } = list;
  const refresh = useCallback(() => {
    void reload();
    loadChoices();
  }, [reload, loadChoices]);

  const collectionNames = useMemo(
    () => new Map(choices?.collections.map((c) => [c.id, c.name]) ?? []),
    [choices],
  );
  const applyFilters = (next: StudioFilterValues) => router.push(studioHref(next));
  const openFilter = () => openDialog('story-filter', { filters, choices, onApply: applyFilters });

  const posts = list.items;
  const count = activeFilterCount(filters);

  return (
    <div className={styles.studio}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>Your studio</h1>
          <p className={styles.lede}>
            Your drafts, scheduled and published stories, and what waits in your publications.
          </p>
        </div>
        <Link href="/stories/new-story" className="button button-primary">
          Write a story
        </Link>
      </header>

      <div className={styles.toolbar}>
        <button
          type="button"
          className="button button-outline button-small"
          onClick={openFilter}
          aria-haspopup="dialog"
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              d="M2 3.5h12M4.5 8h7M7 12.5h2"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          Filter{count ? ` (${count})` : ''}
        </button>
        <FilterChips filters={filters} choices={choices} onChange={applyFilters} />
      </div>

      {list.error ? (
        <ListError list={list} className={styles.empty} />
      ) : posts === null ? (
        <StudioListSkeleton />
      ) : posts.length === 0 ? (
        <div className={styles.empty}>
          {count ? (
            <>
              <p>No stories match these filters.</p>
              <Link href="/me" className="button button-outline">
                Clear filters
              </Link>
            </>
          ) : (
            <>
              <p>You have not written any stories yet.</p>
              <Link href="/stories/new-story" className="button button-primary">
                Write your first story
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <ul className={rows.list} aria-label="Stories">
            {posts.map((story) => (
              <StudioStoryRow
                key={story.id}
                story={story}
                own={story.author.id === userId}
                collectionName={story.collectionId ? collectionNames.get(story.collectionId) : undefined}
                onActions={() =>
                  openDialog('story-actions', {
                    story,
                    onDone: refresh,
                    returnPath,
                  })
                }
              />
            ))}
          </ul>
          <LoadMore list={list} />
        </>
      )}
    </div>
  );
}

/** The filters in force, each removable on its own. */
function FilterChips({
  filters,
  choices,
  onChange,
}: {
  filters: StudioFilterValues;
  choices: StudioFilters | null;
  onChange: (filters: StudioFilterValues) => void;
}) {
  const chips: { key: keyof StudioFilterValues; text: string }[] = [];
  if (filters.status)
    chips.push({
      key: 'status',
      text: STATUS_OPTIONS.find((o) => o.value === filters.status)?.label ?? filters.status,
    });
  if (filters.time)
    chips.push({
      key: 'time',
      text: TIME_OPTIONS.find((o) => o.value === filters.time)?.label ?? filters.time,
    });
  if (filters.collectionId)
    chips.push({
      key: 'collectionId',
      text: choices?.collections.find((c) => c.id === filters.collectionId)?.name ?? 'Collection',
    });
  if (filters.writerId)
    chips.push({
      key: 'writerId',
      text: choices?.writers.find((w) => w.id === filters.writerId)?.name ?? 'Writer',
    });
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Filters in use">
      {chips.map((chip) => (
        <li key={chip.key} className={styles.chip}>
          {chip.text}
          <button
            type="button"
            className={styles.chipRemove}
            aria-label={`Remove filter ${chip.text}`}
            onClick={() => onChange({ ...filters, [chip.key]: undefined })}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

function StudioListSkeleton() {
  return (
    <div aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your stories…
      </span>
      <ul className={rows.list} aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <li key={n} className={styles.row}>
            <div className={rows.rowMain}>
              <div className={styles.skeletonTitle} />
              <div className={styles.skeletonLine} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StudioSkeleton() {
  return (
    <div className={styles.studio}>
      <div className={styles.head}>
        <h1 className={styles.title}>Your studio</h1>
      </div>
      <StudioListSkeleton />
    </div>
  );
}
