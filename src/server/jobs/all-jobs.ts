import { env } from '../lib/env';
import { backupRequestsSweep, nightlyBackupJob, nightlyBackupSweep } from '../modules/backups/backups.jobs';
import { dailyDevotionalSweep } from '../modules/curation/daily-devotion-mail.jobs';
import { buildExportJob, exportsSweep } from '../modules/exports/exports.jobs';
import { verifyUploadJob } from '../modules/images/images.jobs';
import { importResumeSweep, importRunJob } from '../modules/imports/imports.jobs';
import {
  sendConfirmationJob,
  sendConfirmationsSweep,
  sendDueNewslettersJob,
  sendDueNewslettersSweep,
} from '../modules/newsletters/newsletters.jobs';
import { sendDigestsJob, sendDigestsSweep } from '../modules/notifications/notifications.jobs';
import { sendDuePlanDaysJob, sendDuePlanDaysSweep } from '../modules/plans/plans.jobs';
import { publishDueJob, publishDueSweep } from '../modules/posts/posts.jobs';
import { readStoryReferencesJob, readStoryReferencesSweep } from '../modules/scripture/scripture.jobs';
import { signUpMailsSweep } from '../modules/users/users.jobs';
import { deliverDueWebhooksSweep, deliverWebhookJob } from '../modules/webhooks/webhooks.jobs';
import { dbUpkeepSweep } from './db-upkeep';
import type { AnyJob, SweepDefinition } from './registry';

// Every job and sweep of the app, gathered for the runner (web process and `npm run worker`).
// Each domain defines its own in modules/<domain>/<domain>.jobs.ts and adds them here.
export const allJobs: readonly AnyJob[] = [
  publishDueJob,
  verifyUploadJob,
  sendDueNewslettersJob,
  sendConfirmationJob,
  importRunJob,
  buildExportJob,
  deliverWebhookJob,
  sendDuePlanDaysJob,
  readStoryReferencesJob,
  sendDigestsJob,
  // The nightly backup only where it is configured (docs/decisions/035-backup-and-restore.md).
  ...(env.BACKUP_DIR ? [nightlyBackupJob] : []),
];

export const allSweeps: readonly SweepDefinition[] = [
  publishDueSweep,
  sendDueNewslettersSweep,
  sendConfirmationsSweep,
  signUpMailsSweep,
  importResumeSweep,
  exportsSweep,
  deliverDueWebhooksSweep,
  // The daily devotional's mail of the day, handed to the newsletter sender (decision 051).
  dailyDevotionalSweep,
  // Reading plans' days at each reader's local time (docs/decisions/050-reading-plans.md).
  sendDuePlanDaysSweep,
  // The notifications' daily e-mail digest (docs/decisions/055-notifications.md).
  sendDigestsSweep,
  // Stories no save has read for their scripture references (docs/decisions/046-stored-references.md).
  readStoryReferencesSweep,
  // `npm run backup` asking the process that holds the embedded database (a no-op on PostgreSQL).
  backupRequestsSweep,
  ...(env.BACKUP_DIR ? [nightlyBackupSweep] : []),
  // VACUUM, ANALYZE and CHECKPOINT of the embedded PGlite, one step at a time (a no-op on PostgreSQL;
  // docs/decisions/037-embedded-database-upkeep.md).
  ...(env.DB_UPKEEP === 'true' ? [dbUpkeepSweep] : []),
];
