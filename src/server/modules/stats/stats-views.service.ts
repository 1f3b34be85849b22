import { randomBytes } from 'node:crypto';
import type { Actor } from '../../auth/actor';
import { clientAddress, clientBucket } from '../../lib/client-address';
import { consumeBeacon } from './stats-beacon-limit';
import { utcDay } from './stats-day';
import { guestReader, isBotUserAgent, isPrefetch, userReader } from './stats-readers';
import { dailySalt, insertViews, type PendingView } from './stats.repository';

// The page-view beacon's use case (POST /api/stats/view). The request path only checks and keeps
// the view in memory; a timer writes every waiting view in one statement every FLUSH_MS (and
// flushPageViews() on shutdown), so reading a story never waits for a database write. A reader
// seen twice before a flush is kept once; the database keeps each (story, day, reader) once.

/** How long a view may wait in memory before it is written. */
export const FLUSH_MS = 1500;
/** A flush starts at once when this many views wait (a burst cannot grow memory without bound). */
const MAX_PENDING = 5000;

type Waiting = { view: Omit<PendingView, 'reader'>; reader: string } & (
  | { kind: 'user' }
  // A guest's address and user agent stay in memory only until the flush hashes them.
  | { kind: 'guest'; address: string; userAgent: string }
);

let pending = new Map<string, Waiting>();
let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<number> = Promise.resolve(0);
const salts = new Map<string, string>();

export type ViewRequest = { postId: string; headers: Headers };

/**
 * Notes one view of a story. Bots and prefetches are not counted (and not refused: a crawler gets
 * the same 204). Throws rate_limited past the per-address ceiling. Returns whether it was kept.
 */
export function recordPageView(actor: Actor, { postId, headers }: ViewRequest, now = new Date()): boolean {
  const address = clientAddress(headers);
  consumeBeacon(clientBucket(address), now.getTime());
  const userAgent = headers.get('user-agent') ?? '';
  if (isBotUserAgent(userAgent) || isPrefetch(headers)) return false;
  const day = utcDay(now);
  const waiting: Waiting = actor
    ? {
        kind: 'user',
        reader: userReader(actor.id),
        view: { postId, day, userType: 'user', userId: actor.id },
      }
    : {
        kind: 'guest',
        reader: `${address}\n${userAgent}`,
        address,
        userAgent,
        view: { postId, day, userType: 'guest', userId: null },
      };
  const key = `${postId}\n${day}\n${waiting.reader}`;
  if (!pending.has(key)) pending.set(key, waiting);
  if (pending.size >= MAX_PENDING) void flushPageViews();
  else timer ??= setTimeout(() => void flushPageViews(), FLUSH_MS);
  timer?.unref?.();
  return true;
}

async function saltOf(day: string): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = await dailySalt(day, randomBytes(32).toString('base64url'));
    salts.clear(); // yesterday's salt is of no more use, and should not outlive its day
    salts.set(day, salt);
  }
  return salt;
}

async function writeBatch(batch: Waiting[]): Promise<number> {
  const rows: PendingView[] = [];
  for (const item of batch) {
    const reader =
      item.kind === 'user'
        ? item.reader
        : guestReader(await saltOf(item.view.day), item.address, item.userAgent, item.view.day);
    rows.push({ ...item.view, reader });
  }
  return insertViews(rows);
}

/**
 * Writes every waiting view now (the timer, a full buffer, shutdown and tests call it). Resolves
 * to how many new views were counted. A failed write is logged and its views dropped: counting
 * is best effort and must never pile up in memory.
 */
export function flushPageViews(): Promise<number> {
  if (timer) clearTimeout(timer);
  timer = null;
  flushing = flushing.then(async () => {
    if (pending.size === 0) return 0;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      return await writeBatch(batch);
    } catch (error) {
      console.error(`[stats] ${batch.length} page views not written:`, error);
      return 0;
    }
  });
  return flushing;
}
