import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { publicationRoleOf } from '../publications/publications.service';
import { utcDay } from './stats-day';
import {
  findMostReadAuthorIds,
  findMostViewedPostIds,
  findPublicationDailyViews,
  findPublicationStoryViews,
  findTotalViews,
} from './stats.repository';
import { STATS_MAX_DAYS, type ByPostAnswer, type DayViews } from './stats.schema';

// Page-view statistics: the home page's rankings, a publication's views per story and day, and
// the writer's views per story.

export type TopInput = { languageCode: string; since: Date; limit: number };

/** Ids of the published stories of a language viewed most since `since` (counted by UTC day). */
export function mostViewedPostIds(input: TopInput): Promise<string[]> {
  return findMostViewedPostIds({
    languageCode: input.languageCode,
    sinceDay: utcDay(input.since),
    limit: input.limit,
  });
}

/** Ids of the writers whose published stories of a language were read most since `since`. */
export function mostReadAuthorIds(input: TopInput): Promise<string[]> {
  return findMostReadAuthorIds({
    languageCode: input.languageCode,
    sinceDay: utcDay(input.since),
    limit: input.limit,
  });
}

/** All-time views of each story (0 for a story nobody read yet), for the writer's studio rows. */
export async function totalViewsOf(postIds: readonly string[]): Promise<Map<string, number>> {
  const found = await findTotalViews(postIds);
  return new Map(postIds.map((id) => [id, found.get(id) ?? 0]));
}

const DAY_MS = 86_400_000;
const STATS_PAGE = 20;

/** Every day from `first` to `last` (UTC, inclusive), with the views found (0 otherwise). */
function everyDay(first: string, last: string, found: readonly DayViews[]): DayViews[] {
  const byDay = new Map(found.map((row) => [row.day, row.views]));
  const days: DayViews[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
    const day = utcDay(new Date(at));
    days.push({ day, views: byDay.get(day) ?? 0 });
  }
  return days;
}

/**
 * The first day an answer counts: startDate moved into the last STATS_MAX_DAYS days (UTC, today
 * included). Which days are "the last 366" depends on the clock, so no schema keyword can state
 * it; rather than refuse a date the document allows, the range is clamped, as analytics APIs do,
 * and the answer's `daily` shows the days counted (docs/decisions/028-openapi-contract.md).
 */
export function statsRangeStart(startDate: string, today: string): string {
  if (startDate > today) return today;
  const earliest = utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - (STATS_MAX_DAYS - 1) * DAY_MS));
  return startDate < earliest ? earliest : startDate;
}

/**
 * GET /publications/stats/by_post: a publication's published stories, newest first, with their
 * views since startDate (clamped into the last 366 days), and its views per day for the chart. Its
 * editors only (publication.viewStudio); a publication the actor is not in answers 403 like the
 * studio does.
 */
export async function publicationStatsByPost(
  actor: Actor,
  input: { id: string; startDate: string; lastKey?: string },
  now = new Date(),
): Promise<ByPostAnswer> {
  const cursor = decodeCursor(input.lastKey);
  const today = utcDay(now);
  const first = statsRangeStart(input.startDate, today);
  const role = await publicationRoleOf(actor, input.id);
  assertCan(actor, 'publication.viewStudio', { id: input.id }, { publicationRole: role });
  const [rows, daily] = await Promise.all([
    findPublicationStoryViews({
      publicationId: input.id,
      sinceDay: first,
      cursor,
      fetch: STATS_PAGE + 1,
    }),
    findPublicationDailyViews(input.id, first),
  ]);
  const page = toPage(rows, STATS_PAGE, (row) => ({ t: row.publishedAt.getTime(), id: row.id }));
  const days = everyDay(first, today, daily);
  return {
    posts: page.items.map((row) => ({ ...row, publishedAt: row.publishedAt.getTime() })),
    lastKey: page.lastKey,
    daily: days,
    total: days.reduce((sum, day) => sum + day.views, 0),
  };
}
