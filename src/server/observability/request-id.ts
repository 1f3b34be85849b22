import { randomUUID } from 'node:crypto';

// A request's id (docs/decisions/036-metrics-and-logs.md): the caller's X-Request-Id when it is a
// sane token (a proxy's or a client's trace id), else a fresh UUID. It comes back in the answer's
// X-Request-Id and names the request in every log line about it, its jobs' and their mails'.

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The id the front server (scripts/server.mjs) gave a request it hands to the API: the API then
 * uses it and leaves the access log and the metrics to the front server. Like the socket address
 * (decision 015), never a value a client sent under this name: the front server replaces it.
 */
export const FRONT_REQUEST_ID_HEADER = 'x-lamplight-request-id';

const SANE = /^[A-Za-z0-9._-]{1,64}$/;

/** At most 64 characters of A–Z, a–z, 0–9, `.`, `_`, `-`: safe in a header and a log line. */
export const isSaneRequestId = (value: unknown): value is string =>
  typeof value === 'string' && SANE.test(value);

/** The caller's id when it is sane, else a new one. */
export const requestIdFrom = (value: unknown): string => (isSaneRequestId(value) ? value : randomUUID());
