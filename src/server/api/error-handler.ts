import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { randomUUID } from 'node:crypto';
import { AppError, type ErrorBody } from '../lib/errors';
import { errorLogText } from '../lib/log-text';
import { escapeControlCharacters } from '../lib/safe-string';
import { log } from '../observability/logger';
import { zodErrorDetail } from './validation';

export function errorResponse(c: Context, error: AppError): Response {
  const body: ErrorBody = { error: { code: error.code, message: error.message } };
  if (error.detail) body.error.detail = error.detail;
  if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
  return c.json(body, error.status as 400);
}

// The one mapping from anything thrown to DESIGN §8's body. Unknown errors become an opaque 500:
// the id is logged with the stack and given to the client, the stack never is.
export function onError(error: Error, c: Context): Response {
  if (error instanceof AppError) return errorResponse(c, error);
  if (error instanceof ZodError) {
    return errorResponse(c, new AppError('validation_failed', 'Invalid input', zodErrorDetail(error)));
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400)
      return errorResponse(c, new AppError('bad_request', 'Malformed request', error.message));
    if (status === 413)
      return errorResponse(c, new AppError('payload_too_large', 'Request body is too large'));
    if (status === 415)
      return errorResponse(c, new AppError('unsupported_media_type', 'Send JSON (application/json)'));
    if (status === 401) return errorResponse(c, new AppError('unauthorized', 'Please sign in first'));
    if (status === 403) return errorResponse(c, new AppError('forbidden', error.message || 'Forbidden'));
  }
  const id = randomUUID();
  // The path, and the error (it may quote a parameter), come from the request: controls escaped.
  // The line carries the request's id too (its log context: request-log.ts).
  log('api').error(
    {
      errorId: id,
      method: c.req.method,
      path: escapeControlCharacters(c.req.path),
      error: errorLogText(error),
    },
    'unexpected error',
  );
  return errorResponse(
    c,
    new AppError('internal_error', 'Something went wrong on our side', `Error id ${id}`),
  );
}
