import { z } from 'zod';
import { defineQueue } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';
import { S3_KEY_RE } from './images.s3';

// The upload check's queue (its handler is in images.jobs.ts). The service enqueues through this
// file, which imports no service back, so there is no loop through the handler.

export const verifyUploadQueue = defineQueue({
  name: 'images.verify-upload',
  payload: z.object({ key: z.string().regex(S3_KEY_RE) }),
});

/**
 * Enqueues the check of an S3 upload for `at`. A process that runs no jobs (tests, scripts) skips
 * it; the object is still checked when it is first used as a profile photo.
 */
export async function enqueueUploadVerification(key: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    verifyUploadQueue,
    { key },
    { startAfter: at, singletonKey: key },
    'the object is checked when first used',
  );
}
