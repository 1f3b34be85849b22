import type { MiddlewareHandler } from 'hono';
import type { ZodError } from 'zod';
import { AppError } from '../lib/errors';
import { escapeControlCharacters } from '../lib/safe-string';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, hasControlCharacter } from '../lib/safe-string';

/** "title: Too big; tags.5: …" — field errors for the `detail` of a 400 answer. */
export function zodErrorDetail(error: ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

const controlCharacterError = (where: string) =>
  new AppError('validation_failed', 'Invalid input', `${where}: ${CONTROL_CHARACTER_MESSAGE}`);

// defaultHook of every OpenAPIHono router: failed validation answers 400 in DESIGN §8's shape, and
// so does a validated input holding a control character in any string, at any depth — whatever the
// field's own schema says, so every endpoint gets it (src/server/lib/safe-string.ts). Rich-text
// fields strip them in their schema, before this runs.
export function validationHook(result: { success: boolean; data?: unknown; error?: unknown }): void {
  if (!result.success) {
    throw new AppError('validation_failed', 'Invalid input', zodErrorDetail(result.error as ZodError));
  }
  const field = findControlCharacter(result.data);
  if (field) throw controlCharacterError(field);
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // malformed escapes: the route's own validation refuses those
  }
}

/**
 * Refuses a control character anywhere in the path or the query, before routing: also for routes
 * without a schema for them and for paths no route matches, whose path is logged or echoed.
 */
export const refuseControlCharactersInUrl = (): MiddlewareHandler => async (c, next) => {
  const url = new URL(c.req.url);
  if (hasControlCharacter(decodePath(url.pathname))) throw controlCharacterError('path');
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacter(name) || hasControlCharacter(value)) {
      throw controlCharacterError(`query.${escapeControlCharacters(name)}`);
    }
  }
  return next();
};
