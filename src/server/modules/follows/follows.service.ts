import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { notFound } from '../../lib/errors';
import { newUuid, UUID_RE } from '../../lib/ids';
import { getPublicationOrThrow } from '../publications/publications.service';
import { getTagOrThrow } from '../tags/tags.service';
import { getUserProfileOrThrow } from '../users/users.service';
import { followCreated } from './follows.events';
import {
  countFollowers,
  deleteFollow,
  findFollowedAmong,
  findFollowsPage,
  followRowFor,
  insertFollow,
} from './follows.repository';
import type {
  FollowCounts,
  FollowItem,
  FollowState,
  FollowTargetInput,
  FollowTargets,
  FollowsPage,
  FollowsQuery,
} from './follows.schema';
import type { FollowKind } from './follows.table';

// Follows (issue 25, docs/decisions/052-follows.md). A signed-in reader follows what everyone may
// see — an active writer, a publication, a tag — never themself; following twice or unfollowing what
// is not followed changes nothing. The new follow is told (followCreated) after it is stored, once.

type Target = { kind: FollowKind; id: string };

/**
 * A user's or a publication's id is a UUID (the tag's slug is looked up as it is): any other id names
 * nothing there is, so it is not found — one path shape for every kind, as the OpenAPI document says.
 */
function checkTargetForm({ kind, id }: Target): void {
  if (kind !== 'tag' && !UUID_RE.test(id)) throw notFound(kind === 'user' ? 'User' : 'Publication');
}

/**
 * 404 unless the target is there for everyone to see: asked as a guest would, so a banned writer is
 * "not found" whoever asks (DESIGN §5: existence is not revealed).
 */
async function assertTargetVisible({ kind, id }: Target): Promise<void> {
  if (kind === 'user') await getUserProfileOrThrow(null, id);
  else if (kind === 'publication') await getPublicationOrThrow(null, id);
  else await getTagOrThrow(id);
}

async function stateOf(followerId: string, target: Target, following: boolean): Promise<FollowState> {
  const counts = await countFollowers([target]);
  return { ...target, followers: counts.get(`${target.kind}:${target.id}`) ?? 0, following };
}

/** PUT /follows/{kind}/{id}: follows the target (idempotent: `created` false when it was followed). */
export async function followTarget(
  actor: Actor,
  input: FollowTargetInput,
): Promise<{ state: FollowState; created: boolean }> {
  const target: Target = { kind: input.kind, id: input.id };
  assertCan(actor, 'follow.create', target); // 401 anonymous, 403 banned or oneself
  checkTargetForm(target);
  await assertTargetVisible(target);
  const me = actor!;
  const inserted = await insertFollow({ id: newUuid(), ...followRowFor(me.id, target.kind, target.id) });
  if (inserted) await followCreated.emit({ followerId: me.id, kind: target.kind, targetId: target.id });
  return { state: await stateOf(me.id, target, true), created: inserted !== undefined };
}

/** DELETE /follows/{kind}/{id}: unfollows; nothing to unfollow is fine too (idempotent). */
export async function unfollowTarget(actor: Actor, input: FollowTargetInput): Promise<void> {
  assertCan(actor, 'follow.delete');
  checkTargetForm(input);
  await deleteFollow(actor!.id, input.kind, input.id);
}

const pageOf = (kind: FollowKind, subdomain: string | null, targetId: string): string | null =>
  kind === 'tag'
    ? `/tags/${encodeURIComponent(targetId)}`
    : subdomain
      ? kind === 'user'
        ? `/@${subdomain}`
        : `/${subdomain}`
      : null;

/** GET /follows: whom the reader follows, newest follow first (keyset). */
export async function listMyFollows(actor: Actor, query: FollowsQuery): Promise<FollowsPage> {
  assertCan(actor, 'follow.list');
  const rows = await findFollowsPage({
    followerId: actor!.id,
    kind: query.kind,
    cursor: decodeCursor(query.lastKey),
    fetch: query.limit + 1,
  });
  const page = toPage(rows, query.limit, (row) => ({ t: row.createdAt.getTime(), id: row.id }));
  const items: FollowItem[] = page.items.map((row) => ({
    id: row.id,
    kind: row.kind,
    targetId: row.targetId,
    name: row.name,
    image: row.image,
    url: pageOf(row.kind, row.subdomain, row.targetId),
    followedAt: row.createdAt.getTime(),
  }));
  return { follows: items, lastKey: page.lastKey };
}

const targetsOf = (query: FollowTargets): Target[] => [
  ...(query.user ? [{ kind: 'user' as const, id: query.user }] : []),
  ...(query.publication ? [{ kind: 'publication' as const, id: query.publication }] : []),
  ...(query.tag ? [{ kind: 'tag' as const, id: query.tag }] : []),
];

/** GET /follows/counts: the follower counts of the targets a page shows (public; no session read). */
export async function getFollowerCounts(query: FollowTargets): Promise<FollowCounts> {
  const targets = targetsOf(query);
  const counts = await countFollowers(targets);
  return { counts: targets.map((t) => ({ ...t, followers: counts.get(`${t.kind}:${t.id}`) ?? 0 })) };
}

/**
 * The follow part of a page's personal state (GET /me/page-state, decision 031): each target's
 * follower count and whether this reader follows it. Empty when nothing is asked.
 */
export async function followStatesOf(actor: Actor, query: FollowTargets): Promise<FollowState[]> {
  const targets = targetsOf(query);
  if (targets.length === 0) return [];
  const [counts, mine] = await Promise.all([
    countFollowers(targets),
    actor ? findFollowedAmong(actor.id, targets) : new Set<string>(),
  ]);
  return targets.map((t) => {
    const key = `${t.kind}:${t.id}`;
    return { ...t, followers: counts.get(key) ?? 0, following: mine.has(key) };
  });
}
