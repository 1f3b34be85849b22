import { z } from 'zod';
import { defineJob } from '../../jobs/registry';
import { enqueueFollowUp } from '../../jobs/runner';
import { S3_KEY_RE } from './images.s3';

// S3 uploads are checked after the fact (docs/decisions/007-s3-uploads.md): issuing a presigned URL
// enqueues `images.verify-upload` for just after the URL expires, when nobody can write the object
// any more. The job reads it back, checks and re-encodes it (or deletes it): idempotent, since an
// object once verified is marked so and a deleted one is simply missing.

export const verifyUploadJob = defineJob({
  name: 'images.verify-upload',
  payload: z.object({ key: z.string().regex(S3_KEY_RE) }),
  handler: async ({ key }, ctx) => {
    // Imported lazily: the service imports this file to enqueue.
    const { verifyS3Upload } = await import('./images.service');
    const outcome = await verifyS3Upload(key);
    if (outcome === 'rejected') ctx.log.warn(`[images] deleted ${key}: not an allowed image`);
  },
  expireInSeconds: 120,
  retryLimit: 8,
  retryDelaySeconds: 30,
});

/**
 * Enqueues the check of an S3 upload for `at`. A process that runs no jobs (tests, scripts) skips
 * it; the object is still checked when it is first used as a profile photo.
 */
export async function enqueueUploadVerification(key: string, at: Date): Promise<void> {
  await enqueueFollowUp(
    verifyUploadJob,
    { key },
    { startAfter: at, singletonKey: key },
    'the object is checked when first used',
  );
}
