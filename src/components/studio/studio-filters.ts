// The story-filter's values (SPEC §2) as the studio's address keeps them (/me?status=draft&time=month…),
// so a filtered studio is the "stored page" a dialog returns to, and survives a reload.
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import type { StudioFilterValues } from './studio-api';

type StoryStatus = StoryPage['posts'][number]['status'];

/** SPEC §2 status choices in its order (Under review is `pending`), plus Scheduled. */
export const STATUS_OPTIONS = [
  { value: '', label: 'All status' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Under review' },
  { value: 'scheduled', label: 'Scheduled' },
] as const;

/** SPEC §2 time choices. */
export const TIME_OPTIONS = [
  { value: '', label: 'All time' },
  { value: 'week', label: 'Past week' },
  { value: 'month', label: 'Past month' },
  { value: '3months', label: 'Past 3 months' },
  { value: 'year', label: 'Past year' },
  { value: '2years', label: 'Past 2 years' },
] as const;

export const STATUS_LABEL: Record<StoryStatus, string> = {
  draft: 'Draft',
  pending: 'Under review',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  published: 'Published',
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = new Set<string>(STATUS_OPTIONS.map((o) => o.value).filter(Boolean));
const TIMES = new Set<string>(TIME_OPTIONS.map((o) => o.value).filter(Boolean));

type Params = { get(name: string): string | null };

/** The filters in an address's query; anything unknown or malformed is ignored. */
export function filtersFromParams(params: Params): StudioFilterValues {
  const filters: StudioFilterValues = {};
  const status = params.get('status');
  if (status && STATUSES.has(status)) filters.status = status as StudioFilterValues['status'];
  const time = params.get('time');
  if (time && TIMES.has(time)) filters.time = time as StudioFilterValues['time'];
  const collection = params.get('collection');
  if (collection && UUID_RE.test(collection)) filters.collectionId = collection;
  const writer = params.get('writer');
  if (writer && UUID_RE.test(writer)) filters.writerId = writer;
  return filters;
}

/** The studio's address for these filters: '/me' when none is set. */
export function studioHref(filters: StudioFilterValues): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.time) query.set('time', filters.time);
  if (filters.collectionId) query.set('collection', filters.collectionId);
  if (filters.writerId) query.set('writer', filters.writerId);
  const text = query.toString();
  return text ? `/me?${text}` : '/me';
}

export const activeFilterCount = (filters: StudioFilterValues): number =>
  [filters.status, filters.time, filters.collectionId, filters.writerId].filter(Boolean).length;
