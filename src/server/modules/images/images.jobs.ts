import { defineJob } from '../../jobs/registry';
import { verifyS3Upload } from './images.service';
import { verifyUploadQueue } from './images.queue';

// S3 uploads are checked after the fact (docs/decisions/007-s3-uploads.md): issuing a presigned URL
// enqueues `images.verify-upload` (images.queue.ts) for just after the URL expires, when nobody can
// write the object any more. The job reads it back, checks and re-encodes it (or deletes it):
// idempotent, since an object once verified is marked so and a deleted one is simply missing.

export const verifyUploadJob = defineJob({
  ...verifyUploadQueue,
  handler: async ({ key }, ctx) => {
    const outcome = await verifyS3Upload(key);
    if (outcome === 'rejected') ctx.log.warn(`[images] deleted ${key}: not an allowed image`);
  },
  expireInSeconds: 120,
  retryLimit: 8,
  retryDelaySeconds: 30,
});
