import { z } from 'zod';

// The OpenAPI document is the API's contract (docs/decisions/028-openapi-contract.md): what it states
// is what the server enforces. Routes say who may call them (`security`) and the answers particular
// to them; the router (./router.ts) adds the error answers every route of a kind can give, so no
// route can forget one, and checks the session before any validation.

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Machine-readable: validation_failed, unauthorized, not_found, …'),
      message: z.string(),
      detail: z.string().optional(),
    }),
  })
  .meta({ id: 'Error', description: 'Every error answer (DESIGN §8)' });

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  content: { 'application/json': { schema } },
  description,
});

const errorJson = (description: string) => json(errorBodySchema, description);

/** The name of the session cookie's security scheme in the document. */
export const SESSION_SCHEME = 'session';

/** `security` of a route only a signed-in user may call: anonymous calls answer 401 before validation. */
export const signedIn: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];
/** `security` of a route anyone may call; a session, when sent, may show more (drafts, own lists). */
export const anyone: Record<string, string[]>[] = [{}, { [SESSION_SCHEME]: [] }];

/** The security schemes the routes' `security` names (registered once, in app.ts). */
export const sessionSecurityScheme = {
  type: 'apiKey' as const,
  in: 'cookie' as const,
  name: 'next-auth.session-token',
  description:
    "The session cookie of a signed-in browser (`__Secure-next-auth.session-token` over HTTPS). A banned user's session counts as none.",
};

/** Error answers by status, in DESIGN §8's shape. */
export const errorAnswers = {
  400: errorJson(
    'Invalid input (`validation_failed`: a parameter, the query or the body breaks a rule stated here; `bad_request`: malformed JSON)',
  ),
  401: errorJson('Not signed in (`unauthorized`): checked before the input is'),
  403: errorJson('Not allowed (`forbidden`): no right to this, or not a same-origin request'),
  404: errorJson('Not found (`not_found`): nothing by that id, or nothing you may see'),
  409: errorJson('Conflict (`conflict`): taken, stale, or not in a state that allows it'),
  413: errorJson('Request body is too large (`payload_too_large`)'),
  415: errorJson('Unsupported media type (`unsupported_media_type`): send the declared content type'),
  422: errorJson(
    'The input meets every keyword here but breaks a rule the operation states in words, such as one of the clock (`unprocessable`)',
  ),
  429: errorJson('Too many requests (`rate_limited`): wait as long as Retry-After says'),
  500: errorJson('Unexpected error (`internal_error`): the detail names the logged error id'),
} as const;

type ErrorStatus = keyof typeof errorAnswers;

/** A route's own error answers, beyond those the router adds by its kind: `...errors(429)`. */
export function errors<const S extends ErrorStatus>(...statuses: S[]): Pick<typeof errorAnswers, S> {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswers[status]])) as Pick<
    typeof errorAnswers,
    S
  >;
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/**
 * Every request's id (docs/decisions/036-metrics-and-logs.md): sent back on every answer, and taken
 * from the caller when it is a sane token. Registered once as components (app.ts); the router puts
 * a reference on every operation and every answer.
 */
export const REQUEST_ID_COMPONENT = 'RequestId';
const requestIdSchema = {
  type: 'string' as const,
  pattern: '^[A-Za-z0-9._-]{1,64}$',
  example: 'b8f2e1c4-trace.42',
};
export const requestIdHeader = {
  description:
    "The request's id: the caller's X-Request-Id when it was a sane token, else one made here. The server's log names the request, the jobs it started and the mails they sent by it.",
  schema: requestIdSchema,
};
export const requestIdParameter = {
  name: 'X-Request-Id',
  in: 'header' as const,
  required: false,
  description:
    'An id for this request (a trace id of yours): at most 64 characters of A-Z, a-z, 0-9, `.`, `_`, `-`. Anything else is ignored and an id made here instead; either way the answer carries it in X-Request-Id.',
  schema: requestIdSchema,
};
export const requestIdRefs = {
  header: { $ref: `#/components/headers/${REQUEST_ID_COMPONENT}` },
  parameter: { $ref: `#/components/parameters/${REQUEST_ID_COMPONENT}` },
};
