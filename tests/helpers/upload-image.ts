import sharp from 'sharp';
import { expect } from 'vitest';
import { call } from './api-client';

/** A small PNG of one colour uploaded as the editor does: presigned URL, PUT, the stored WebP's address. */
export async function uploadImage(
  userId: string,
  colour: { r: number; g: number; b: number },
): Promise<string> {
  const presigned = await call('GET', '/api/images/get_presigned_url?fileExtension=png', { as: userId });
  expect(presigned.status).toBe(200);
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const put = await call('PUT', presigned.json.preSignedUrl, {
    as: userId,
    rawBody: png,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  return presigned.json.fileUrl as string;
}
