import type { Actor } from '../../auth/actor';
import {
  assertCan,
  can,
  newsletterEntryCapabilities,
  type NewsletterCandidate,
  type NewsletterEntryResource,
  type PublicationRole,
} from '../../auth/policy';
import { decodeCursor, type Cursor } from '../../lib/cursor';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { loadVisibleStory, scheduledDate } from '../posts/posts-access.service';
import { collectionPublicationIdOf, loadPublication } from '../publications/publications.service';
import { findEditionOfEntry } from './newsletters-editions.repository';
import { enqueueNewsletterSend } from './newsletters.queue';
import type { CreateNewsletterInput, NewsletterEntry, ScheduleNewsletterInput } from './newsletters.schema';
import {
  deleteEntry,
  findEntriesOfPublication,
  findEntry,
  insertEntry,
  isKnownTimeZone,
  updateEntry,
  type EntryWithPost,
} from './newsletters.repository';

// Newsletter entries (SPEC §3, §4, §7 Newsletters; DESIGN §6): a story put into its publication's
// newsletter, scheduled, rescheduled, cancelled or removed by the publication's owner and editors.
// Every rule is the policy's (newsletter.* in src/server/auth/policy/matrix.ts); a state change is a
// conditional UPDATE from the states it may leave, so a race answers 409 instead of losing a write.

const invalid = (detail: string) => new AppError('validation_failed', 'Invalid input', detail);
const time = (d: Date | null) => (d ? d.getTime() : null);

const resourceOf = (entry: EntryWithPost): NewsletterEntryResource => ({
  publicationId: entry.publicationId,
  status: entry.status,
  scheduledTime: time(entry.scheduledTime),
});

function toEntry(entry: EntryWithPost, actor: Actor, role: PublicationRole | null): NewsletterEntry {
  return {
    newsletterId: entry.newsletterId,
    publicationId: entry.publicationId,
    collectionId: entry.collectionId,
    postId: entry.postId,
    title: entry.postTitle,
    createdAt: entry.createdAt.getTime(),
    scheduledTime: time(entry.scheduledTime),
    status: entry.status,
    timezone: entry.timezone,
    inSubscriberTimezone: entry.inSubscriberTimezone,
    sentAt: time(entry.sentAt),
    post: entry.post && {
      publishedAt: time(entry.post.publishedAt),
      scheduledTime: time(entry.post.scheduledTime),
      createdAt: entry.post.createdAt.getTime(),
      slug: entry.post.slug,
    },
    can: newsletterEntryCapabilities(actor, resourceOf(entry), { publicationRole: role }),
  };
}

/** The entry of this publication, with the actor's role there; 404 for an entry of another publication. */
async function loadEntry(actor: Actor, publicationId: string, newsletterId: string) {
  const { role } = await loadPublication(actor, publicationId);
  const entry = await findEntry(newsletterId);
  if (!entry || entry.publicationId !== publicationId) throw notFound('Newsletter');
  // A site topic's edition of one of its stories is the site's mail, not the publication's (decision 051).
  if (!entry.postId && (await findEditionOfEntry(newsletterId))) throw notFound('Newsletter');
  return { entry, role };
}

async function answer(
  actor: Actor,
  newsletterId: string,
  role: PublicationRole | null,
): Promise<NewsletterEntry> {
  const entry = await findEntry(newsletterId);
  if (!entry) throw notFound('Newsletter');
  return toEntry(entry, actor, role);
}

/** POST /publications/{publicationId}/newsletters/create: SPEC §4's four conditions, owner and editors. */
export async function createNewsletterEntry(
  actor: Actor,
  publicationId: string,
  input: CreateNewsletterInput,
): Promise<NewsletterEntry> {
  if (input.publicationId !== publicationId) throw invalid('publicationId: does not match the address');
  const { row: publication, role } = await loadPublication(actor, publicationId);
  const { row: story, resource } = await loadVisibleStory(actor, input.postId);
  const candidate: NewsletterCandidate = {
    publicationId,
    hasNewsletters: publication.hasNewsletters,
    story: { ...resource, isInNewsletter: story.isInNewsletter },
  };
  assertCan(actor, 'newsletter.add', candidate, { publicationRole: role });
  const collectionId = input.collectionId ?? story.collectionId;
  if (collectionId && (await collectionPublicationIdOf(collectionId)) !== publicationId) {
    throw invalid('collectionId: not a collection of this publication');
  }
  const newsletterId = input.newsletterId ?? newUuid();
  const inserted = await insertEntry({
    newsletterId,
    publicationId,
    collectionId,
    postId: story.id,
    postTitle: story.title,
  });
  if (inserted === 'taken')
    throw conflict('The story is already in a newsletter, or that newsletter id is taken');
  return answer(actor, newsletterId, role);
}

/** GET /publications/{publicationId}/newsletters?lastKey: the publication admin's newsletters list. */
export async function listNewsletterEntries(
  actor: Actor,
  publicationId: string,
  options: { lastKey?: string; limit: number },
): Promise<{ newsletters: NewsletterEntry[]; lastKey: Cursor | null }> {
  const { role } = await loadPublication(actor, publicationId);
  assertCan(actor, 'publication.openAdmin', { id: publicationId }, { publicationRole: role });
  const rows = await findEntriesOfPublication(
    publicationId,
    decodeCursor(options.lastKey),
    options.limit + 1,
  );
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    newsletters: page.map((row) => toEntry(row, actor, role)),
    lastKey:
      rows.length > options.limit && last ? { t: last.createdAt.getTime(), id: last.newsletterId } : null,
  };
}

/** GET /publications/{publicationId}/newsletters/{newsletterId}. */
export async function getNewsletterEntry(
  actor: Actor,
  publicationId: string,
  newsletterId: string,
): Promise<NewsletterEntry> {
  const { entry, role } = await loadEntry(actor, publicationId, newsletterId);
  assertCan(actor, 'publication.openAdmin', { id: publicationId }, { publicationRole: role });
  return toEntry(entry, actor, role);
}

function checkPostId(entry: EntryWithPost, postId: string | undefined) {
  if (postId !== undefined && postId !== entry.postId)
    throw invalid('postId: not the story of this newsletter');
}

/** PATCH …/{newsletterId}?postId: schedule an unscheduled entry, or move a scheduled one (SPEC §5: owner, editors). */
export async function scheduleNewsletterEntry(
  actor: Actor,
  publicationId: string,
  newsletterId: string,
  input: ScheduleNewsletterInput,
  postId?: string,
): Promise<NewsletterEntry> {
  if (input.publicationId !== undefined && input.publicationId !== publicationId) {
    throw invalid('publicationId: does not match the address');
  }
  const { entry, role } = await loadEntry(actor, publicationId, newsletterId);
  checkPostId(entry, postId);
  const resource = resourceOf(entry);
  const context = { publicationRole: role };
  // An unscheduled entry is scheduled, a scheduled one moved: the policy's state rules tell which.
  const rescheduling = !can(actor, 'newsletter.schedule', resource, context);
  assertCan(actor, rescheduling ? 'newsletter.reschedule' : 'newsletter.schedule', resource, context);
  const at = scheduledDate(input.scheduledTime);
  if (!(await isKnownTimeZone(input.timezone))) throw invalid('timezone: not a time zone this server knows');
  const moved = await updateEntry(newsletterId, rescheduling ? ['scheduled'] : ['unscheduled'], {
    status: 'scheduled',
    scheduledTime: at,
    timezone: input.timezone,
    inSubscriberTimezone: input.inSubscriberTimezone,
  });
  if (!moved) throw conflict('The newsletter was changed meanwhile: reload it and try again');
  // "In each subscriber's time zone" starts up to 26 hours early (the zones ahead of the entry's).
  const startAt = input.inSubscriberTimezone ? new Date(at.getTime() - 26 * 3600_000) : at;
  await enqueueNewsletterSend(newsletterId, startAt);
  return answer(actor, newsletterId, role);
}

/** PUT …/{newsletterId} {newsletterId, id}: cancel the schedule; the entry is unscheduled again. */
export async function cancelNewsletterEntry(
  actor: Actor,
  publicationId: string,
  newsletterId: string,
  bodyNewsletterId?: string,
): Promise<NewsletterEntry> {
  if (bodyNewsletterId !== undefined && bodyNewsletterId !== newsletterId) {
    throw invalid('newsletterId: does not match the address');
  }
  const { entry, role } = await loadEntry(actor, publicationId, newsletterId);
  assertCan(actor, 'newsletter.cancel', resourceOf(entry), { publicationRole: role });
  if (!(await updateEntry(newsletterId, ['scheduled'], { status: 'unscheduled', scheduledTime: null }))) {
    throw conflict('The newsletter was changed meanwhile: reload it and try again');
  }
  return answer(actor, newsletterId, role);
}

/** DELETE …/{newsletterId}?postId {publicationId, newsletterId, postId}: take the story out of the newsletter. */
export async function removeNewsletterEntry(
  actor: Actor,
  publicationId: string,
  newsletterId: string,
  body: { publicationId?: string; newsletterId?: string; postId?: string },
): Promise<void> {
  if (body.publicationId !== undefined && body.publicationId !== publicationId) {
    throw invalid('publicationId: does not match the address');
  }
  if (body.newsletterId !== undefined && body.newsletterId !== newsletterId) {
    throw invalid('newsletterId: does not match the address');
  }
  const { entry, role } = await loadEntry(actor, publicationId, newsletterId);
  checkPostId(entry, body.postId);
  assertCan(actor, 'newsletter.remove', resourceOf(entry), { publicationRole: role });
  if (!(await deleteEntry(newsletterId, ['unscheduled', 'scheduled', 'sent', 'failed']))) {
    throw conflict('The newsletter is being sent right now');
  }
}
