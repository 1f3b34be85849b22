// One error type for the whole server (CONVENTIONS §5). Services throw it; the API's one onError
// turns it into DESIGN §8's body: {"error": {"code", "message", "detail"}} with the mapped status.

export const errorStatus = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** The input meets every keyword of the OpenAPI document but breaks a rule it states in words (the clock). */
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: string,
    /** Seconds, for rate_limited answers (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do that') => new AppError('forbidden', message);
export const unauthorized = () => new AppError('unauthorized', 'Please sign in first');
export const conflict = (message: string, detail?: string) => new AppError('conflict', message, detail);

export type ErrorBody = { error: { code: ErrorCode; message: string; detail?: string } };
