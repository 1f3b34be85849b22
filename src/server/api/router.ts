import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './types';
import { validationHook } from './validation';

/** Every module router is made here so all share the validation hook and the app's variables. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
