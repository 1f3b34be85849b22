import { verifyUploadJob } from '../modules/images/images.jobs';
import {
  sendConfirmationJob,
  sendConfirmationsSweep,
  sendDueNewslettersJob,
  sendDueNewslettersSweep,
} from '../modules/newsletters/newsletters.jobs';
import { publishDueJob, publishDueSweep } from '../modules/posts/posts.jobs';
import { signUpMailsSweep } from '../modules/users/users.jobs';
import type { AnyJob, SweepDefinition } from './registry';

// Every job and sweep of the app, gathered for the runner (web process and `npm run worker`).
// Each domain defines its own in modules/<domain>/<domain>.jobs.ts and adds them here.
export const allJobs: readonly AnyJob[] = [
  publishDueJob,
  verifyUploadJob,
  sendDueNewslettersJob,
  sendConfirmationJob,
];

export const allSweeps: readonly SweepDefinition[] = [
  publishDueSweep,
  sendDueNewslettersSweep,
  sendConfirmationsSweep,
  signUpMailsSweep,
];
