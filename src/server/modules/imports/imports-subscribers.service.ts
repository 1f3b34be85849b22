import { open } from 'node:fs/promises';
import type { Actor } from '../../auth/actor';
import { unauthorized } from '../../lib/errors';
import {
  importSubscriberAddress,
  publicationTopicIdForImport,
} from '../newsletters/subscriptions-import.service';
import { readSubscribersCsv } from './sources';
import { resolveImportTarget } from './imports-target';
import { subscriberFieldsSchema, type SubscriberImportAnswer } from './imports.schema';
import { asReadFailure, validationError } from './imports.service';
import { removeFile, type ReceivedUpload } from './imports.upload';

// POST /api/imports/subscribers: a Substack or Ghost member CSV into a publication's newsletter
// (issue 23). The publication's owner (or a site admin) only; the file is read once and deleted.

/** Most skipped rows listed in the answer (the count of each outcome is exact). */
const SKIPPED_LISTED_MAX = 500;

/** Which platform's member list this is, from its header: Ghost's has subscribed_to_emails. */
async function csvSourceLabel(filePath: string): Promise<string> {
  const file = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
    const header = buffer.toString('utf8', 0, bytesRead).split(/\r?\n/)[0].toLowerCase();
    if (header.includes('subscribed_to_emails')) return 'import:ghost';
    if (header.includes('active_subscription') || header.includes('email_disabled')) return 'import:substack';
    return 'import:csv';
  } finally {
    await file.close();
  }
}

export async function importSubscribers(
  actor: Actor,
  upload: ReceivedUpload,
): Promise<SubscriberImportAnswer> {
  try {
    if (!actor) throw unauthorized();
    const parsed = subscriberFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) throw validationError(parsed.error);
    const target = await resolveImportTarget(actor, { targetPublicationId: parsed.data.publicationId });
    const topicId = await publicationTopicIdForImport(target.id);
    const source = await csvSourceLabel(upload.filePath);
    const answer: SubscriberImportAnswer = {
      added: 0,
      confirmationSent: 0,
      alreadySubscribed: 0,
      skipped: [],
    };
    let skippedCount = 0;
    const skip = (row: number, reason: string) => {
      skippedCount++;
      if (answer.skipped.length < SKIPPED_LISTED_MAX) answer.skipped.push({ row, reason });
    };
    let row = 1; // the header
    for await (const entry of readSubscribersCsv(upload.filePath)) {
      if (entry.kind === 'skip') {
        row = Math.max(row, entry.row);
        skip(entry.row, entry.reason);
        continue;
      }
      row++;
      const outcome = await importSubscriberAddress(topicId, entry, source);
      if (outcome === 'invalid') skip(row, 'not a valid e-mail address');
      else answer[outcome]++;
    }
    if (answer.added + answer.confirmationSent + answer.alreadySubscribed + skippedCount === 0) {
      skip(1, 'the file holds no subscribers');
    }
    return answer;
  } catch (error) {
    // The fields' own 400 stays a 400; a file that cannot be read is a 422.
    if (
      error instanceof Error &&
      'code' in error &&
      error.code === 'validation_failed' &&
      /^Invalid input$/.test(error.message)
    ) {
      throw error;
    }
    throw asReadFailure(error, null);
  } finally {
    await removeFile(upload.filePath);
  }
}
