import { storyPath } from '../../../lib/slug';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db';
import { assertCan } from '../../auth/policy';
import { encodeCursor } from '../../lib/cursor';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { log } from '../../observability/logger';
import {
  deleteSiteTopic,
  ensureSiteTopic,
  renameSiteTopic,
} from '../newsletters/subscriptions-topics.service';
import { listVisibleStorySummaries } from '../posts/posts-read.service';
import type { StorySummary } from '../posts/posts.schema';
import { findCollection } from '../publications/publication-collections.service';
import { loadPublication, publicationRoleOf } from '../publications/publications.service';
import { bumpPublicationPage } from '../page-cache/publication-page.service';
import { listPublicationPosts } from '../reading/publication-stories.service';
import { displayPassage } from '../scripture/references/passage-display';
import { parseScriptureQuery } from '../scripture/references/scripture-references';
import { PLAN_DAYS_MAX, PLAN_PER_PUBLICATION_MAX } from './plans.limits';
import {
  countPlanDays,
  countPlanReaders,
  countPlansOfPublication,
  deletePlanRow,
  findPlan,
  findPlanDays,
  findPlanListOfPublication,
  findPlansOfPublication,
  findPlanVersion,
  insertPlan,
  updatePlanRow,
  type PlanDayValues,
  type PlanWithPublication,
} from './plans.repository';
import type {
  CreatePlanInput,
  ManagedPlan,
  Plan,
  PlanDayInput,
  PlanPassage,
  UpdatePlanInput,
} from './plans.schema';

// Reading plans as their owner makes them and everyone reads them (issue 24 item 5;
// docs/decisions/050-reading-plans.md). A plan is a publication's: its owner turns one of its
// collections into days (plan.manage) and sees how many readers started, are active and finished.
// Readers, their progress and the mails are plan-readers.service.ts and plans-sender.service.ts.

export type PlanLanguage = 'en' | 'zh';
export const planLanguage = (code: string): PlanLanguage => (code === 'zh' ? 'zh' : 'en');

/** The plan topic's slug and name (the confirmation mail and the subscriber's own page show the name). */
export const planTopicSlug = (planId: string) => `plan-${planId}`;
const planTopicName = (title: string) => `Reading plan: ${title}`;

export const toPassage = (osis: string, language: PlanLanguage): PlanPassage => ({
  osis,
  display: displayPassage(osis, language) ?? osis,
});

/**
 * The OSIS of each typed passage, read in the plan's language first, then the other (a Chinese
 * plan may cite "John 3:16"). One that is no reference is a 422 naming it.
 */
export function parsePassages(typed: readonly string[], language: PlanLanguage, at: string): string[] {
  const other: PlanLanguage = language === 'zh' ? 'en' : 'zh';
  return typed.map((text, index) => {
    const found = parseScriptureQuery(text, language) ?? parseScriptureQuery(text, other);
    if (!found) {
      throw new AppError(
        'unprocessable',
        'Not a scripture reference',
        `${at}.passages.${index}: "${text}" is not a passage (write it like John 3:16, Ps 23 or 约3:16)`,
      );
    }
    return found.osis;
  });
}

/** The publication's public stories among these ids, by id (a draft, another's or a gone one is left out). */
async function publicStoriesOf(ids: readonly string[]): Promise<Map<string, StorySummary>> {
  const stories = await listVisibleStorySummaries(null, [...new Set(ids)]);
  return new Map(stories.map((story) => [story.id, story]));
}

/** Checks the owner's days: published stories of the publication, passages that are passages. */
async function daysFromInput(
  days: readonly PlanDayInput[],
  publicationId: string,
  language: PlanLanguage,
): Promise<PlanDayValues[]> {
  const stories = await publicStoriesOf(days.map((day) => day.postId));
  return days.map((day, index) => {
    const story = stories.get(day.postId);
    if (!story || story.publicationId !== publicationId) {
      throw new AppError(
        'unprocessable',
        'Each day must be a published story of the publication',
        `days.${index}.postId: ${day.postId} is not one`,
      );
    }
    return {
      day: index + 1,
      postId: day.postId,
      passages: parsePassages(day.passages, language, `days.${index}`),
    };
  });
}

/** The collection's published stories, oldest first (a plan reads in the order they were written). */
async function daysFromCollection(publicationId: string, collectionId: string): Promise<PlanDayValues[]> {
  const ids: string[] = [];
  let lastKey: string | undefined;
  do {
    const page = await listPublicationPosts(null, publicationId, { collectionId, lastKey, limit: 100 });
    ids.push(...page.posts.map((post) => post.id));
    lastKey = page.lastKey ? encodeCursor(page.lastKey) : undefined;
  } while (lastKey && ids.length < PLAN_DAYS_MAX);
  if (ids.length === 0) {
    throw new AppError(
      'unprocessable',
      'This collection has no published stories yet',
      'collectionId: publish a story in it first, or give the days',
    );
  }
  return ids
    .slice(0, PLAN_DAYS_MAX)
    .reverse()
    .map((postId, index) => ({ day: index + 1, postId, passages: [] }));
}

/** The plan and its owner's right to change it: 404 when there is none, 403 for anyone but its owner. */
async function loadManagedPlan(actor: Actor, id: string): Promise<PlanWithPublication> {
  const plan = await findPlan(id);
  if (!plan) throw notFound('Reading plan');
  const role = await publicationRoleOf(actor, plan.publicationId);
  assertCan(actor, 'plan.manage', { id: plan.publicationId }, { publicationRole: role });
  return plan;
}

/** The plan as everyone reads it: its days with their public stories and passages. */
async function toPlan(plan: PlanWithPublication): Promise<Plan> {
  const language = planLanguage(plan.languageCode);
  const days = await findPlanDays(plan.id);
  const stories = await publicStoriesOf(days.flatMap((day) => (day.postId ? [day.postId] : [])));
  return {
    id: plan.id,
    title: plan.title,
    description: plan.description,
    languageCode: plan.languageCode,
    publication: plan.publication,
    collectionId: plan.collectionId,
    totalDays: days.length,
    days: days.map((day) => {
      const story = day.postId ? stories.get(day.postId) : undefined;
      return {
        day: day.day,
        story: story
          ? {
              id: story.id,
              title: story.title,
              excerpt: story.excerpt,
              path: storyPath(story),
              authorName: story.author.name,
              readingMinutes: story.readingMinutes,
            }
          : null,
        passages: day.passages.map((osis) => toPassage(osis, language)),
      };
    }),
    createdAt: plan.createdAt.getTime(),
    updatedAt: plan.updatedAt.getTime(),
  };
}

/** GET /api/plans/{id} and the plan page: public (a plan is read by anyone, as its publication). */
export async function getPlanOrThrow(_actor: Actor, id: string): Promise<Plan> {
  const plan = await findPlan(id);
  if (!plan) throw notFound('Reading plan');
  return toPlan(plan);
}

/**
 * The "Reading plans" list of a publication's page (its title, days and address): public, as the page.
 * Its changes move the publication page's version (bumpPublicationPage on each plan write), so the
 * page's cached copy follows them.
 */
export const listPublicationPlans = (
  publicationId: string,
): Promise<{ id: string; title: string; totalDays: number }[]> => findPlanListOfPublication(publicationId);

/** The plan page cache's fingerprint part: the plan's last change; null when there is no such plan. */
export const planPageVersion = (id: string): Promise<string | null> => findPlanVersion(id);

/** POST /api/plans: the owner turns a collection into a plan (its published stories, or the days given). */
export async function createPlan(actor: Actor, input: CreatePlanInput): Promise<Plan> {
  const { row: publication, role } = await loadPublication(actor, input.publicationId);
  assertCan(actor, 'plan.manage', { id: publication.id }, { publicationRole: role });
  const collection = await findCollection(input.collectionId);
  if (!collection || collection.publicationId !== publication.id) throw notFound('Collection');
  if ((await countPlansOfPublication(publication.id)) >= PLAN_PER_PUBLICATION_MAX) {
    throw conflict(`A publication can have at most ${PLAN_PER_PUBLICATION_MAX} reading plans`);
  }
  const language = planLanguage(publication.languageCode);
  const days = input.days
    ? await daysFromInput(input.days, publication.id, language)
    : await daysFromCollection(publication.id, collection.id);
  const id = newUuid();
  const title = input.title ?? collection.name;
  const topic = await ensureSiteTopic(planTopicSlug(id), planTopicName(title));
  try {
    await insertPlan(
      {
        id,
        publicationId: publication.id,
        collectionId: collection.id,
        topicId: topic.id,
        title,
        description: input.description ?? collection.description,
        languageCode: publication.languageCode,
        createdBy: actor!.id,
      },
      days,
      (tx) => bumpPublicationPage(tx, publication.id),
    );
  } catch (error) {
    await deleteSiteTopic(topic.id).catch(() => {});
    throw error;
  }
  log('plans').info({ planId: id, publicationId: publication.id, days: days.length }, 'reading plan made');
  return getPlanOrThrow(actor, id);
}

/** PATCH /api/plans/{id}: title, description, days (readers keep what they read, by day number). */
export async function updatePlan(actor: Actor, id: string, input: UpdatePlanInput): Promise<Plan> {
  const plan = await loadManagedPlan(actor, id);
  const days = input.days
    ? await daysFromInput(input.days, plan.publicationId, planLanguage(plan.languageCode))
    : undefined;
  const changes = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
  };
  const touch = (tx: Db) => bumpPublicationPage(tx, plan.publicationId);
  if (!(await updatePlanRow(id, changes, days, touch))) throw notFound('Reading plan');
  if (input.title !== undefined && input.title !== plan.title)
    await renameSiteTopic(plan.topicId, planTopicName(input.title));
  return getPlanOrThrow(actor, id);
}

/** DELETE /api/plans/{id}: the plan, its readers' progress, and its mailing topic with its subscriptions. */
export async function deletePlan(actor: Actor, id: string): Promise<void> {
  const plan = await loadManagedPlan(actor, id);
  const topicId = await deletePlanRow(id, (tx) => bumpPublicationPage(tx, plan.publicationId));
  if (!topicId) throw notFound('Reading plan');
  await deleteSiteTopic(topicId);
}

/** GET /api/plans?publicationId: the publication's plans with their readers' figures (its owner). */
export async function listManagedPlans(
  actor: Actor,
  publicationId: string,
): Promise<{ plans: ManagedPlan[] }> {
  const { role } = await loadPublication(actor, publicationId);
  assertCan(actor, 'plan.manage', { id: publicationId }, { publicationRole: role });
  const rows = await findPlansOfPublication(publicationId);
  const ids = rows.map((row) => row.id);
  const [days, readers] = await Promise.all([countPlanDays(ids), countPlanReaders(ids)]);
  return {
    plans: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      collectionId: row.collectionId,
      totalDays: days.get(row.id) ?? 0,
      createdAt: row.createdAt.getTime(),
      stats: readers.get(row.id)!,
    })),
  };
}
