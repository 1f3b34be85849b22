import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    detail: z.string().optional(),
  }),
});

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  content: { 'application/json': { schema } },
  description,
});

const errorJson = (description: string) => json(errorBodySchema, description);

/** The error answers (DESIGN §8) every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorJson('Invalid input'),
  401: errorJson('Not signed in'),
  403: errorJson('Not allowed, or not a same-origin request'),
  404: errorJson('Not found'),
  409: errorJson('Conflict: taken or stale'),
  429: errorJson('Too many requests'),
  500: errorJson('Unexpected error'),
} as const;

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
