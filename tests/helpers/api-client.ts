import { encode } from 'next-auth/jwt';
import { createApp } from '../../src/server/api/app';

const app = createApp();
const ORIGIN = 'http://localhost:3000';

export type CallOptions = {
  /** Sign the request in as this user id (a real next-auth session cookie). */
  as?: string;
  body?: unknown;
  /** Raw body: text for malformed-JSON cases, bytes for uploads (give their content-type in headers). */
  rawBody?: string | Uint8Array;
  origin?: string | null;
  headers?: Record<string, string>;
};

export async function sessionCookie(userId: string): Promise<string> {
  const token = await encode({ token: { uid: userId, sub: userId }, secret: process.env.NEXTAUTH_SECRET! });
  return `next-auth.session-token=${token}`;
}

/** Calls the in-process API like a same-origin browser would, unless told otherwise. */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
  if (options.as) headers.cookie = await sessionCookie(options.as);
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) body = options.rawBody as BodyInit;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await app.request(`${ORIGIN}${path}`, { method, headers, body });
  const text = await response.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}
