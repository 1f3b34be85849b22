// Who a session cookie names, decrypted once per cookie rather than once per request.
//
// next-auth's getToken derives its key with HKDF and decrypts the JWE on every call: ~0.2 ms, a
// third of a signed-in API call (the personal call of decision 031 is made on every page view). The
// same cookie always decrypts to the same token, so the user id it names is kept until the token's
// own expiry. Only the decryption is remembered: the user row is still read on every request, so a
// ban or a role change takes effect at once (DESIGN §5). A cookie that does not decrypt is not kept
// (garbage could otherwise push real sessions out).
import { parse } from 'hono/utils/cookie';
import { getToken } from 'next-auth/jwt';

type Remembered = { uid: string; expiresAt: number };

/** The memo's memory: the sum of the cookie strings it keys by (a session cookie is ~0.5 KB). */
export const SESSION_MEMO_MAX_BYTES = 2 * 1024 * 1024;

const remembered = new Map<string, Remembered>(); // insertion order = least recently used first
let bytes = 0;

const forget = (key: string) => {
  if (remembered.delete(key)) bytes -= key.length;
};

function remember(key: string, value: Remembered) {
  forget(key);
  remembered.set(key, value);
  bytes += key.length;
  for (const oldest of remembered.keys()) {
    if (bytes <= SESSION_MEMO_MAX_BYTES) break;
    forget(oldest);
  }
}

/** A session cookie in a Cookie header (chunked ones are numbered), its value as sent. */
const SESSION_COOKIE = /(?:^|;)\s*((?:__Secure-)?next-auth\.session-token(?:\.\d+)?)=([^;]*)/g;

/**
 * The session cookies of a Cookie header as they were sent, in name order, as one key (chunked
 * cookies join up). Read off the header as it is: the whole header is parsed (and every value
 * decoded) only when the memo does not know the key.
 */
function sessionKeyOf(cookieHeader: string): string {
  return [...cookieHeader.matchAll(SESSION_COOKIE)]
    .map(([, name, value]) => `${name}=${value.trim()}`)
    .sort()
    .join(';');
}

/** The user id the request's session names, or null (no session, or one that does not decrypt). */
export async function sessionUserIdOf(
  cookieHeader: string | undefined,
  headers: Headers,
  secret: string | undefined,
): Promise<string | null> {
  const key = cookieHeader ? sessionKeyOf(cookieHeader) : '';
  const cookies = () => (cookieHeader ? parse(cookieHeader) : {});
  // A bearer token (getToken reads one too) or no session at all: nothing to remember.
  if (!key)
    return headers.has('authorization')
      ? uidOf(await getToken({ req: { cookies: cookies(), headers } as never, secret }))
      : null;
  const now = Date.now();
  const known = remembered.get(key);
  if (known && known.expiresAt > now) {
    remember(key, known); // most recently used
    return known.uid;
  }
  forget(key);
  const token = await getToken({ req: { cookies: cookies(), headers } as never, secret });
  const uid = uidOf(token);
  // getToken refuses an expired token, so a kept one carries its expiry (seconds since the epoch).
  if (uid && typeof token?.exp === 'number') remember(key, { uid, expiresAt: token.exp * 1000 });
  return uid;
}

const uidOf = (token: { uid?: unknown } | null) => (typeof token?.uid === 'string' ? token.uid : null);

/** Forgets every remembered session (tests). */
export function forgetSessionMemo(): void {
  remembered.clear();
  bytes = 0;
}

/** What the memo holds now (for metrics and tests). */
export const sessionMemoSize = () => ({ sessions: remembered.size, bytes });
