import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { decodeCursor, type Cursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { loadPublication } from '../publications/publications.service';
import { countDeliveries, findEntriesOfPublication, recordClick, recordOpen } from './newsletters.repository';
import { toStartDate, type NewsletterStatsRow } from './newsletters.schema';
import { verifyClickToken, verifyOpenToken } from './newsletters-tokens';

// Newsletter statistics (SPEC §7 getNewslettersStats; issue 12 §5): per entry, recipients, delivered,
// failed, opened (the tracking pixel), clicked (the signed redirect links) and unsubscribed (through
// that mail's link), for the publication admin.

/** GET /publications/stats/getNewslettersStats?start_date&id&lastKey — newest entries first. */
export async function getNewslettersStats(
  actor: Actor,
  query: { id: string; start_date?: string; lastKey?: string; limit: number },
): Promise<{ newsletters: NewsletterStatsRow[]; lastKey: Cursor | null }> {
  const { role } = await loadPublication(actor, query.id);
  assertCan(actor, 'publication.openAdmin', { id: query.id }, { publicationRole: role });
  const rows = await findEntriesOfPublication(
    query.id,
    decodeCursor(query.lastKey),
    query.limit + 1,
    toStartDate(query.start_date),
  );
  const page = rows.slice(0, query.limit);
  const counts = await countDeliveries(page.map((row) => row.newsletterId));
  const last = page.at(-1);
  return {
    newsletters: page.map((row) => {
      const c = counts.get(row.newsletterId);
      return {
        newsletterId: row.newsletterId,
        postId: row.postId,
        title: row.postTitle,
        status: row.status,
        scheduledTime: row.scheduledTime?.getTime() ?? null,
        sentAt: row.sentAt?.getTime() ?? null,
        recipients: c?.recipients ?? 0,
        delivered: c?.delivered ?? 0,
        failed: c?.failed ?? 0,
        opened: c?.opened ?? 0,
        clicked: c?.clicked ?? 0,
        unsubscribed: c?.unsubscribed ?? 0,
      };
    }),
    lastKey:
      rows.length > query.limit && last ? { t: last.createdAt.getTime(), id: last.newsletterId } : null,
  };
}

/** The tracking pixel: counted once per recipient; a bad token is simply not counted (the image still loads). */
export async function countOpen(token: string): Promise<void> {
  const verified = verifyOpenToken(token);
  if (verified) await recordOpen(verified.entryId, verified.subscriptionId);
}

/**
 * A tracked link: the redirect target, only when its signature was made for exactly this URL (so only
 * URLs that were in the mail, never an open redirect). 400 otherwise.
 */
export async function followClick(token: string, url: string): Promise<string> {
  const verified = verifyClickToken(token, url);
  if (!verified || !/^https?:\/\//i.test(url)) {
    throw new AppError('bad_request', 'This link is not valid', 'u: not a link of this mail');
  }
  await recordClick(verified.entryId, verified.subscriptionId);
  return url;
}
