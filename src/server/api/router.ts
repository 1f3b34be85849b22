import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from '../lib/errors';
import { errorAnswers, requestIdRefs } from './openapi';
import type { AppEnv } from './types';
import { validationHook } from './validation';

type Router = OpenAPIHono<AppEnv>;
type RouteConfig = Parameters<Router['openapi']>[0];

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/** A route whose every security requirement names a scheme: a session is needed. */
const needsSession = (route: RouteConfig) =>
  route.security!.length > 0 && route.security!.every((requirement) => Object.keys(requirement).length > 0);

/** Anonymous callers of a signed-in route get 401 here, before any parameter or body is looked at. */
const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('actor')) throw unauthorized();
  return next();
};

/**
 * The error answers a route gives by its kind, for the document (docs/decisions/028-openapi-contract.md):
 * 400 and 500 anywhere (a control character in the address is refused on every route); 401 where a
 * session is needed; 403 there and on every write (the same-origin check); 404 wherever an input
 * names something; 409 on writes (a state rule of the policy, a concurrent change); 413 and 415 with
 * a body. Rate limits (429) and other answers particular to a route are in its own `responses`.
 */
function commonErrors(route: RouteConfig, session: boolean) {
  const method = route.method.toLowerCase();
  const request = route.request ?? {};
  const hasInput = Boolean(request.params || request.query || request.body || route.path.includes('{'));
  const writes = MUTATING.has(method);
  return {
    400: errorAnswers[400],
    ...(session && { 401: errorAnswers[401] }),
    ...((session || writes) && { 403: errorAnswers[403] }),
    ...(hasInput && { 404: errorAnswers[404] }),
    ...(writes && { 409: errorAnswers[409] }),
    ...(request.body && { 413: errorAnswers[413], 415: errorAnswers[415] }),
    500: errorAnswers[500],
  };
}

type Responses = RouteConfig['responses'];

/** Every answer carries X-Request-Id (request-log.ts): stated on each one, by reference. */
function withRequestIdHeader(responses: Responses): Responses {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      '$ref' in response
        ? response
        : { ...response, headers: { 'X-Request-Id': requestIdRefs.header, ...response.headers } },
    ]),
  ) as Responses;
}

/**
 * Every module router is made here, so all share the validation hook and the app's variables, and
 * every route registered on one states the contract the document promises: it must say who may
 * call it (`security`: `signedIn` or `anyone`, from ./openapi.ts), a signed-in route checks the
 * session before its validators run, and the error answers of its kind are declared for it, with
 * the X-Request-Id every answer carries (docs/decisions/036-metrics-and-logs.md).
 */
export function createRouter(): Router {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig, ...rest: unknown[]) => {
    if (!route.security) {
      throw new Error(
        `${route.method.toUpperCase()} ${route.path}: say who may call it (security: signedIn or anyone)`,
      );
    }
    const session = needsSession(route);
    const own = route.middleware ? [route.middleware].flat() : [];
    return (register as (...args: unknown[]) => Router)(
      {
        ...route,
        middleware: session ? [requireSession, ...own] : own,
        // Any caller may name the request (X-Request-Id): never validated, only replaced when not sane.
        parameters: [...(route.parameters ?? []), requestIdRefs.parameter],
        responses: withRequestIdHeader({ ...commonErrors(route, session), ...route.responses }),
      },
      ...rest,
    );
  }) as Router['openapi'];
  return router;
}
