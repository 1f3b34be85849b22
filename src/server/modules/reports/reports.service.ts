import type { Actor } from '../../auth/actor';
import { assertCan, can, type ReportSubjectResource } from '../../auth/policy';
import { decodeCursor, toPage } from '../../lib/cursor';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors';
import { newUuid, UUID_RE } from '../../lib/ids';
import { storyPath } from '../../../lib/slug';
import { isPublicStory, loadVisibleStory } from '../posts/posts-access.service';
import { unpublishPost } from '../posts/posts-lifecycle.service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { hideResponse } from '../responses/responses.service';
import { banUser, recordModerationAction } from '../users/moderation.service';
import { REPORT_REASON_LABELS } from './reports.limits';
import {
  findOpenReport,
  findReportForAction,
  findReportQueuePage,
  findResponseForReport,
  insertReport,
  resolveOpenReports,
  type ReportQueueRow,
} from './reports.repository';
import type {
  CreateReportInput,
  Report,
  ReportQueueItem,
  ReportQueuePage,
  ReportQueueQuery,
  ResolvedReport,
  ResolveReportInput,
} from './reports.schema';
import type { ReportRow } from './reports.table';

// Reports (issue 25, docs/decisions/054-reports.md). A signed-in reader reports a response or a story
// they can see and did not write; site staff work the queue: dismiss, hide (remove the response, or
// unpublish the story), ban the author. Every action is in the moderation log, and resolves every
// open report of the same subject with it.

/** Reports one reader may file: enough for a bad evening's reading, a ceiling for a flood. */
export const REPORTS_PER_USER: RateLimitRule = {
  name: 'reports-user',
  limit: 30,
  windowSeconds: 60 * 60,
  message: 'Too many reports',
};

const toReport = (row: ReportRow): Report => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subjectId,
  reason: row.reason,
  details: row.details,
  status: row.status,
  createdAt: row.createdAt.getTime(),
});

type Subject = { resource: ReportSubjectResource; postId: string; responseId: string | null };

/**
 * The subject as this actor sees it: 404 unless it shows to them — a published story they may read,
 * or a response that is neither hidden nor removed, by an active author, under such a story.
 */
async function loadVisibleSubject(actor: Actor, input: { kind: 'response' | 'story'; id: string }) {
  if (input.kind === 'story') {
    const { row, resource } = await loadVisibleStory(actor, input.id, false);
    // Staff may open drafts by id (excerpt edits): a report is about what readers see.
    if (!isPublicStory(resource)) throw notFound('Story');
    return {
      resource: { kind: 'story', authorId: row.authorId },
      postId: row.id,
      responseId: null,
    } satisfies Subject;
  }
  // Any id but a UUID names no response (the document takes one id field for both kinds).
  const response = UUID_RE.test(input.id) ? await findResponseForReport(input.id) : undefined;
  if (!response || response.hiddenAt || response.removedAt || response.authorStatus !== 'active') {
    throw notFound('Response');
  }
  const { resource } = await loadVisibleStory(actor, response.postId, false).catch(() => {
    throw notFound('Response');
  });
  if (!isPublicStory(resource)) throw notFound('Response');
  return {
    resource: { kind: 'response', authorId: response.authorId },
    postId: response.postId,
    responseId: response.id,
  } satisfies Subject;
}

/**
 * POST /reports: files the report (created true), or answers the reader's open report of the same
 * subject (created false: a second click, or a second device, makes no second report).
 */
export async function createReport(
  actor: Actor,
  input: CreateReportInput,
): Promise<{ report: Report; created: boolean }> {
  if (!actor) throw unauthorized();
  const subject = await loadVisibleSubject(actor, input);
  assertCan(actor, 'report.create', subject.resource);

  const existing = await findOpenReport(actor.id, input.kind, input.id);
  if (existing) return { report: toReport(existing), created: false };
  await consumeRateLimit(REPORTS_PER_USER, actor.id);
  const inserted = await insertReport({
    id: newUuid(),
    reporterId: actor.id,
    kind: input.kind,
    responseId: subject.responseId,
    postId: subject.postId,
    subjectId: input.id,
    reason: input.reason,
    details: input.details ?? '',
  });
  if (inserted) return { report: toReport(inserted), created: true };
  const raced = await findOpenReport(actor.id, input.kind, input.id); // the same report, a moment ago
  if (!raced) throw conflict('The report was changed meanwhile: try again');
  return { report: toReport(raced), created: false };
}

const QUEUE_PAGE_SIZE = 20;

function subjectState(row: ReportQueueRow): ReportQueueItem['subject']['state'] {
  if (row.response?.removedAt) return 'removed';
  if (row.response?.hiddenAt) return 'hidden';
  if (!row.story.published) return 'unpublished';
  return 'visible';
}

function toQueueItem(actor: Actor, row: ReportQueueRow): ReportQueueItem {
  const { report } = row;
  const resource: ReportSubjectResource = { kind: report.kind, authorId: row.author.id };
  const open = report.status === 'open';
  const state = subjectState(row);
  return {
    id: report.id,
    kind: report.kind,
    reason: report.reason,
    details: report.details,
    status: report.status,
    createdAt: report.createdAt.getTime(),
    reporter: row.reporter,
    reportCount: row.reportCount,
    subject: {
      id: report.subjectId,
      postId: row.story.id,
      storyTitle: row.story.title.trim() || 'Untitled story',
      storyPath: storyPath(row.story),
      text: report.kind === 'response' ? (row.response?.text ?? '') : row.story.excerpt,
      author: row.author,
      state,
    },
    resolution:
      report.resolution && report.resolvedAt
        ? {
            action: report.resolution,
            note: report.resolutionNote,
            at: report.resolvedAt.getTime(),
            by: row.resolver?.id ? { id: row.resolver.id, name: row.resolver.name } : null,
          }
        : null,
    can: {
      dismiss: open && can(actor, 'report.review'),
      // Hiding what is already out of sight, or banning a banned author, has nothing left to do.
      hide: open && state === 'visible' && can(actor, 'report.hide', resource),
      ban: open && row.author.status === 'active' && can(actor, 'report.ban', resource),
    },
  };
}

/** GET /reports?status&lastKey: the queue (site staff). */
export async function listReports(actor: Actor, query: ReportQueueQuery): Promise<ReportQueuePage> {
  assertCan(actor, 'report.review');
  const cursor = decodeCursor(query.lastKey);
  if (cursor && !UUID_RE.test(cursor.id)) {
    throw new AppError('validation_failed', 'Invalid input', 'lastKey: id is not a report id');
  }
  const rows = await findReportQueuePage(query.status, cursor, QUEUE_PAGE_SIZE);
  const page = toPage(rows, QUEUE_PAGE_SIZE, (row) => ({
    t: row.report.createdAt.getTime(),
    id: row.report.id,
  }));
  return { reports: page.items.map((row) => toQueueItem(actor, row)), lastKey: page.lastKey };
}

/**
 * PATCH /reports/{id}: staff act on a report — dismiss it, hide its subject, or ban its author — and
 * every open report of the same subject is resolved with it. 409 when it was resolved already.
 */
export async function resolveReport(
  actor: Actor,
  id: string,
  input: ResolveReportInput,
): Promise<ResolvedReport> {
  assertCan(actor, 'report.review');
  const found = await findReportForAction(id);
  if (!found) throw notFound('Report');
  const { report, authorId } = found;
  const resource: ReportSubjectResource = { kind: report.kind, authorId };
  if (input.action === 'hide') assertCan(actor, 'report.hide', resource);
  if (input.action === 'ban') assertCan(actor, 'report.ban', resource);
  if (report.status !== 'open') throw conflict('This report has been resolved already: reload the queue');
  if (input.action === 'hide' && !found.shown) {
    throw conflict('It is out of sight already: dismiss the report instead');
  }

  const note = input.note ?? '';
  const reason = note || `Reported: ${REPORT_REASON_LABELS[report.reason]}`;
  if (input.action === 'hide' && report.kind === 'response') {
    // Removal by site staff (response.remove), logged as remove_response by the responses module.
    await hideResponse(actor, report.subjectId, { hidden: true });
  } else if (input.action === 'hide') {
    // The story path every site admin already has (story.unpublish), then its log row.
    await unpublishPost(actor, report.postId);
    await recordModerationAction(actor, {
      action: 'unpublish_story',
      targetUserId: authorId,
      subjectId: report.postId,
      reason,
    });
  } else if (input.action === 'ban') {
    await banUser(actor, authorId, { reason }); // the ban and its log row, as the staff area's
  }

  const resolved = await resolveOpenReports(report.kind, report.subjectId, {
    status: input.action === 'dismiss' ? 'dismissed' : 'actioned',
    action: input.action,
    note,
    by: actor!.id,
  });
  if (input.action === 'dismiss') {
    // Resolved meanwhile by someone else: their action stands, and is logged already.
    if (!resolved.includes(report.id)) {
      throw conflict('This report has been resolved already: reload the queue');
    }
    await recordModerationAction(actor, {
      action: 'dismiss_report',
      targetUserId: authorId,
      subjectId: report.id,
      reason: note,
    });
  }
  return {
    id: report.id,
    status: input.action === 'dismiss' ? 'dismissed' : 'actioned',
    resolution: input.action,
    resolvedCount: resolved.length,
  };
}
