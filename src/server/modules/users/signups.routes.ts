import { createRoute } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { anyone, errors, json, jsonBody } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { validationHook, zodErrorDetail } from '../../api/validation';
import { clientAddress } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { signUpAnswerSchema, signUpSchema } from './signups.schema';
import { requestSignUp } from './signups.service';

// Creating an account (docs/decisions/027-sign-up-by-mail.md): the address is confirmed by mail
// first; the mail's link signs the person in through next-auth (credentials, mode "confirm").
// Mounted at /api/users.

export const signUpRoutes = createRouter()
  // POST /api/users/signup {email, password, name?} — the same answer for a new and a registered address
  .openapi(
    createRoute({
      method: 'post',
      path: '/signup',
      tags: ['users'],
      summary: 'Sign up: a mail confirms the address (or tells its owner someone tried)',
      security: anyone,
      request: jsonBody(signUpSchema),
      responses: { 202: json(signUpAnswerSchema, 'Accepted: check your inbox'), ...errors(429) },
    }),
    async (c) => c.json(await requestSignUp(c.req.valid('json'), clientAddress(c.req.raw.headers)), 202),
    // The form shows the message as it is: the first broken rule's own words (SPEC's password
    // messages) rather than 'Invalid input'; the fields are in the detail as everywhere.
    (result): undefined => {
      if (!result.success) {
        const error = result.error as unknown as ZodError;
        throw new AppError('validation_failed', error.issues[0]!.message, zodErrorDetail(error));
      }
      validationHook(result);
      return undefined;
    },
  );
