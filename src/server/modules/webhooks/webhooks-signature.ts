import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The signature of every delivery (docs/decisions/040-webhooks.md), Stripe's scheme:
//
//   Lamplight-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>
//
// The receiver recomputes v1 from the raw body it received and the t it was given, compares in
// constant time, and refuses a t too far from its clock (five minutes is usual): a captured request
// replayed later fails that check, and a changed body or timestamp fails the HMAC.

/** A new hook's secret: 32 random bytes, prefixed so that a leaked one is recognisable. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does, for the documentation and the tests of a receiver written in TypeScript:
 * true when the header carries a v1 signature of `body` under `secret` made within `toleranceSeconds`.
 */
export function verifySignatureHeader(
  header: string,
  body: string,
  secret: string,
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
