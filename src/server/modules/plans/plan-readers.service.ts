import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { clientBucket } from '../../lib/client-address';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors';
import { newUuid } from '../../lib/ids';
import { mailboxKey } from '../newsletters/subscriptions-mailbox';
import { isTimeZoneKnown, subscribeAddress } from '../newsletters/subscriptions-topics.service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { findSessionUser } from '../users/accounts.service';
import { enqueuePlanSend } from './plans.queue';
import { PLAN_MESSAGES } from './plans.limits';
import {
  activatePendingReaders,
  findPlan,
  findPlanTitles,
  findReader,
  findReaderOfSubscription,
  findReaderOfUser,
  findReads,
  findReadersOfUser,
  insertReader,
  markDayRead,
  updateReaderPreferences,
  type ReaderState,
} from './plans.repository';
import type { MinePlans, ReaderProgress, StartAnswer, StartPlanInput } from './plans.schema';
import { localDate, streakOf } from './plans-streak';
import { verifyReaderToken } from './plans-tokens';

// A plan's readers (issue 24 item 5; docs/decisions/050-reading-plans.md): starting one — signed in,
// or by mail alone with the newsletters' double opt-in — marking days read, and the progress and
// streak the plan page and /me show. A reader by mail alone acts through the signed token of their
// mails' links, as a newsletter subscriber does through theirs.

/** Per client address, over every plan: a reader starting a few plans never meets it; a script does. */
export const PLAN_START_PER_IP: RateLimitRule = {
  name: 'plan-start-ip',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many reading plans started from this address',
};
/** Per mailbox (a+1@… and a+2@… are one), over every plan: nobody mail-bombs a stranger through us. */
export const PLAN_START_PER_ADDRESS: RateLimitRule = {
  name: 'plan-start-email',
  limit: 6,
  windowSeconds: 3600,
  message: 'Too many reading plans started for this e-mail address',
};

/** After readers became active: their first day is sent at its time (the sweep covers a lost job). */
async function activate(subscriptionId: string): Promise<void> {
  for (const reader of await activatePendingReaders(subscriptionId)) {
    await enqueuePlanSend(reader.id, reader.nextDueAt);
  }
}

/** Activates the readers of a subscription just confirmed (the newsletters' confirmation page). */
export const activateReadersOfSubscription = (subscriptionId: string): Promise<void> =>
  activate(subscriptionId);

/** POST /api/plans/{id}/start {email?, timeZone, sendAt}. */
export async function startPlan(
  actor: Actor,
  planId: string,
  input: StartPlanInput,
  clientAddress: string,
): Promise<StartAnswer> {
  assertCan(actor, 'plan.start');
  const plan = await findPlan(planId);
  if (!plan) throw notFound('Reading plan');
  await consumeRateLimit(PLAN_START_PER_IP, clientBucket(clientAddress));
  if (!(await isTimeZoneKnown(input.timeZone))) {
    throw new AppError('unprocessable', 'Not a time zone this server knows', `timeZone: ${input.timeZone}`);
  }
  const preferences = { timeZone: input.timeZone, sendAt: input.sendAt };
  if (!actor) return startByMail(plan.topicId, planId, input, preferences);

  const account = await findSessionUser(actor.id);
  if (!account) throw unauthorized();
  const email = input.email ?? account.email.toLowerCase();
  await consumeRateLimit(PLAN_START_PER_ADDRESS, mailboxKey(email));
  // The account's own address is proven (sign-up confirmed it, or its provider): no confirmation mail.
  const own = email === account.email.toLowerCase();
  const subscription = await subscribeAddress({
    topicId: plan.topicId,
    email,
    timezone: input.timeZone,
    confirmed: own,
  });
  const mine = await findReaderOfUser(planId, actor.id);
  const bySubscription = await findReaderOfSubscription(subscription.subscriptionId);
  if (bySubscription && bySubscription.userId !== actor.id && (bySubscription.userId || mine)) {
    throw conflict('This e-mail address already follows this reading plan');
  }
  const reader = mine ?? bySubscription;
  const changes = { ...preferences, email, subscriptionId: subscription.subscriptionId };
  if (reader) {
    await updateReaderPreferences(reader.id, { ...changes, ...(!reader.userId && { userId: actor.id }) });
  } else {
    await insertReader({ id: newUuid(), planId, userId: actor.id, status: 'unconfirmed', ...changes });
  }
  await activate(subscription.subscriptionId);
  const now = await findReaderOfUser(planId, actor.id);
  if (!now) throw conflict('This e-mail address already follows this reading plan');
  const [progress] = await progressOf([now]);
  return {
    status: now.status,
    message: now.status === 'unconfirmed' ? PLAN_MESSAGES.checkInbox : PLAN_MESSAGES.started,
    progress: progress!,
  };
}

/**
 * A reader by mail alone: the plan topic's subscription of the address, pending until its link is
 * clicked. Answers the same whether the address was new, pending or following already, so the call
 * tells nobody who reads what; an active reader's settings change only from their own mail's link.
 */
async function startByMail(
  topicId: string,
  planId: string,
  input: StartPlanInput,
  preferences: { timeZone: string; sendAt: string },
): Promise<StartAnswer> {
  if (!input.email) {
    throw new AppError('validation_failed', PLAN_MESSAGES.emailNeeded, 'email: required when signed out');
  }
  await consumeRateLimit(PLAN_START_PER_ADDRESS, mailboxKey(input.email));
  const subscription = await subscribeAddress({
    topicId,
    email: input.email,
    timezone: input.timeZone,
    confirmed: false,
  });
  const reader = await findReaderOfSubscription(subscription.subscriptionId);
  if (!reader) {
    await insertReader({
      id: newUuid(),
      planId,
      userId: null,
      subscriptionId: subscription.subscriptionId,
      email: input.email,
      status: 'unconfirmed',
      ...preferences,
    });
  } else if (reader.status === 'unconfirmed' && !reader.userId) {
    await updateReaderPreferences(reader.id, {
      ...preferences,
      email: input.email,
      subscriptionId: subscription.subscriptionId,
    });
  }
  if (subscription.status === 'active') await activate(subscription.subscriptionId);
  return { status: 'unconfirmed', message: PLAN_MESSAGES.checkInbox, progress: null };
}

/** The reader a token names (a plan mail's link): 404 when it names none, or another plan's. */
async function readerOfToken(token: string, planId?: string): Promise<ReaderState> {
  const verified = verifyReaderToken(token);
  if (!verified.ok) {
    throw new AppError(
      'not_found',
      verified.problem === 'expired'
        ? 'This reading plan link has expired'
        : 'This reading plan link is not valid',
      `token: ${verified.problem}`,
    );
  }
  const reader = await findReader(verified.readerId);
  if (!reader || (planId && reader.planId !== planId)) throw notFound('Reader');
  return reader;
}

/** The signed-in reader of a plan (plan.follow); 404 when they have not started it. */
async function ownReader(actor: Actor, planId: string): Promise<ReaderState> {
  if (!actor) throw unauthorized();
  assertCan(actor, 'plan.follow');
  const reader = await findReaderOfUser(planId, actor.id);
  if (!reader) throw new AppError('not_found', PLAN_MESSAGES.notStarted);
  return reader;
}

/** POST /api/plans/{id}/days/{day}/read {token?}: signed in, or by a plan mail's token. */
export async function markPlanDayRead(
  actor: Actor,
  planId: string,
  day: number,
  token?: string,
): Promise<ReaderProgress> {
  const reader = token ? await readerOfToken(token, planId) : await ownReader(actor, planId);
  if (reader.status === 'unconfirmed') {
    throw conflict('Please confirm your e-mail address first: the link is in the mail we sent you');
  }
  if (day > reader.totalDays) throw new AppError('not_found', `This plan has no day ${day}`);
  await markDayRead(reader.id, day);
  const [progress] = await progressOf([(await findReader(reader.id))!]);
  return progress!;
}

/** GET /api/plans/mine?token: the signed-in reader's plans, or the one a plan mail's token names. */
export async function listMyPlans(actor: Actor, token?: string): Promise<MinePlans> {
  let readers: ReaderState[];
  if (token) readers = [await readerOfToken(token)];
  else {
    if (!actor) throw unauthorized();
    assertCan(actor, 'plan.follow');
    readers = await findReadersOfUser(actor.id);
  }
  const [progress, titles] = await Promise.all([
    progressOf(readers),
    findPlanTitles(readers.map((reader) => reader.planId)),
  ]);
  return {
    plans: readers.map((reader, index) => ({
      plan: {
        id: reader.planId,
        title: titles.get(reader.planId)?.title ?? '',
        publicationName: titles.get(reader.planId)?.publicationName ?? '',
        totalDays: reader.totalDays,
      },
      progress: progress[index]!,
    })),
  };
}

/** Each reader's days read, streak (in their own time zone's days) and next mail. */
async function progressOf(readers: readonly ReaderState[]): Promise<ReaderProgress[]> {
  const reads = await findReads(readers.map((reader) => reader.id));
  const now = new Date();
  return readers.map((reader) => {
    const own = reads.filter((read) => read.readerId === reader.id && read.day <= reader.totalDays);
    const mailing = reader.subscriptionStatus === 'active' && !reader.bounced;
    const scheduled = reader.status === 'active' && reader.nextDueAt !== null;
    return {
      planId: reader.planId,
      status: reader.status,
      totalDays: reader.totalDays,
      daysRead: own.map((read) => read.day),
      readCount: own.length,
      streak: streakOf(
        own.map((read) => read.readOn),
        localDate(now, reader.timeZone),
      ),
      nextDay: scheduled ? reader.nextDay : null,
      nextMailAt: scheduled && mailing ? reader.nextDueAt!.getTime() : null,
      timeZone: reader.timeZone,
      sendAt: reader.sendAt,
      email: reader.email,
      mailing,
    };
  });
}
