// The one client-side way to call Lamplight's JSON API. Errors follow DESIGN §8: the server answers
// {"error": {"code", "message", "detail"}} and the client shows `ERROR: {message}; Detail: {detail}` (SPEC §8).

export type ApiErrorBody = { error: { code: string; message: string; detail?: unknown } };

/** Thrown by apiFetch for every failed call; `message` is already the text to show the user. */
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

export type ApiFetchInit = Omit<RequestInit, 'body'> & {
  /** A plain value is sent as JSON; strings, FormData, Blob, URLSearchParams and buffers go as they are. */
  body?: unknown;
};

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
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

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
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

/**
 * Calls the API with JSON in and out and the session cookie (same-origin credentials).
 * Resolves to the parsed body (undefined for 204); throws ApiError for non-2xx answers and network failures.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('accept')) headers.set('accept', 'application/json');

  let requestBody: BodyInit | undefined;
  if (body !== undefined && body !== null) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
  }

  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...rest, headers, body: requestBody });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'network_error',
      'Could not reach the server. Check your connection and try again.',
    );
  }

  const data = await readBody(res);
  if (!res.ok) {
    if (isErrorBody(data)) {
      const { code, message, detail } = data.error;
      throw new ApiError(
        res.status,
        code ?? 'error',
        message || res.statusText || `HTTP ${res.status}`,
        detailToText(detail),
      );
    }
    throw new ApiError(
      res.status,
      'http_error',
      res.statusText || `Request failed with status ${res.status}`,
    );
  }
  return data as T;
}
