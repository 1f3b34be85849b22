import type { ZodError } from 'zod';
import { AppError } from '../lib/errors';

/** "title: Too big; tags.5: …" — field errors for the `detail` of a 400 answer. */
export function zodErrorDetail(error: ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

// defaultHook of every OpenAPIHono router: failed validation answers 400 in DESIGN §8's shape.
export function validationHook(result: { success: boolean; error?: unknown }): void {
  if (!result.success) {
    throw new AppError('validation_failed', 'Invalid input', zodErrorDetail(result.error as ZodError));
  }
}
