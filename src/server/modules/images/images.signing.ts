import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../../lib/env';

// HMAC-SHA256 over (key, expires, userId) with a key derived from NEXTAUTH_SECRET, so an upload
// URL only works for the user it was issued to, until it expires, for the file it names.
// Deriving a separate key keeps these signatures from ever meaning anything to next-auth.

let signingKey: Buffer | null = null;
const uploadSigningKey = (): Buffer =>
  (signingKey ??= createHmac('sha256', env.NEXTAUTH_SECRET).update('lamplight:upload-url:v1').digest());

export function signUpload(key: string, expires: number, userId: string): string {
  return createHmac('sha256', uploadSigningKey()).update(`${key}\n${expires}\n${userId}`).digest('hex');
}

/** Constant-time check of a signature made by signUpload. */
export function isValidUploadSignature(key: string, expires: number, userId: string, sig: string): boolean {
  const expected = Buffer.from(signUpload(key, expires, userId), 'hex');
  const given = Buffer.from(sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
