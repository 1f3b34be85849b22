// The one client-side way to call Lamplight's JSON API: Hono's typed client over the route table
// (docs/decisions/018-typed-client-and-shared-frontend.md). Paths, parameters, bodies and answers are all checked
// against the routers' zod schemas at compile time; `import type` keeps server code out of the bundle.
// Errors follow DESIGN §8: the server answers {"error": {"code", "message", "detail"}} and the client
// shows `ERROR: {message}; Detail: {detail}` (SPEC §8).
import { hc, type ClientResponse } from 'hono/client';
import type { ResponseFormat } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { App } from '@/server/api/app';

/** Every endpoint under /api: `call(api.posts[':id'].$get({ param: { id } }))`. */
export const api = hc<App>('/', {
  init: { credentials: 'same-origin' },
  headers: { accept: 'application/json' },
}).api;

/** The per-call options that let a component abort a call (on unmount, or when its input changes). */
export const abortable = (signal?: AbortSignal) => ({ init: { signal } });

export type ApiErrorBody = { error: { code: string; message: string; detail?: unknown } };

/** Thrown by `call` for every failed call; `message` is already the text to show the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's own message, without the `ERROR: ` prefix. */
  readonly serverMessage: string;
  readonly detail?: string;

  constructor(status: number, code: string, serverMessage: string, detail?: string) {
    super(formatApiErrorMessage(serverMessage, detail));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.detail = detail;
  }
}

/** SPEC §8: 'ERROR: ' + message, plus '; Detail: ' + detail when the server supplies one. */
export function formatApiErrorMessage(message: string, detail?: string): string {
  return detail ? `ERROR: ${message}; Detail: ${detail}` : `ERROR: ${message}`;
}

/** The text to show for anything caught from a call (ApiError, Error or a thrown value). */
export function toErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return formatApiErrorMessage(error.message);
  if (typeof error === 'string') return formatApiErrorMessage(error);
  return formatApiErrorMessage('Something went wrong');
}

/** True for the rejection of a call whose signal was aborted: nobody is waiting for its answer. */
export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** The body type of a call's successful (2xx) answers; undefined for an answer without a JSON body. */
export type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, infer Format>
    ? Status extends SuccessStatusCode
      ? Format extends 'json'
        ? Body
        : undefined
      : never
    : never;

/**
 * Awaits a typed call and resolves to its parsed 2xx body (undefined for 204). Throws ApiError for
 * any other status and for network failures; an aborted call rejects with the AbortError as it is.
 */
export async function call<R extends ClientResponse<unknown, number, ResponseFormat>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  return (await readApiResponse(await reachServer(request))) as SuccessBody<R>;
}

async function reachServer<R>(request: Promise<R>): Promise<R> {
  try {
    return await request;
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the server. Check your connection and try again.',
    );
  }
}

async function readApiResponse(res: Response | ClientResponse<unknown>): Promise<unknown> {
  const data = await readBody(res);
  if (res.ok) return data;
  if (isErrorBody(data)) {
    const { code, message, detail } = data.error;
    throw new ApiError(
      res.status,
      code ?? 'error',
      message || res.statusText || `HTTP ${res.status}`,
      detailToText(detail),
    );
  }
  throw new ApiError(res.status, 'http_error', res.statusText || `Request failed with status ${res.status}`);
}

async function readBody(res: Response | ClientResponse<unknown>): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'object' &&
    (value as { error: unknown }).error !== null
  );
}

function detailToText(detail: unknown): string | undefined {
  if (detail === undefined || detail === null || detail === '') return undefined;
  if (typeof detail === 'string') return detail;
  // Validation answers may carry field errors as an object: {title: ['Too long'], ...}.
  if (typeof detail === 'object' && !Array.isArray(detail)) {
    return Object.entries(detail as Record<string, unknown>)
      .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
      .join('; ');
  }
  return Array.isArray(detail) ? detail.map(String).join('; ') : String(detail);
}
