import type { MiddlewareHandler } from 'hono';

// The API's JSON answers without a web stream (docs/decisions/061-whole-json-answers.md). A
// Response made with a body makes a ReadableStream (and its transferable machinery), which the
// gzip step reads back and the Node server reads again: a third of a small answer's CPU. When the
// API's fast path asks for it (fast-path.ts passes a WholeJsonEnv to app.fetch), `c.json` keeps
// its text beside the request instead, and answers a Response with the same status and headers
// and no body; the fast path takes the text back, encodes it once and hands the server bytes.
// Every other caller of the app (Next.js's route handler, the tests) gets ordinary Responses.

/** What the fast path passes as the app's env to take JSON answers whole: their texts. */
export type WholeJsonEnv = { wholeJsonTexts: string[] };

/**
 * Names the answer's text among the env's. A header, not the Response object: Hono may copy a
 * Response on its way out (its `c.res` setter, a HEAD answer), and a copy keeps its headers. Taken
 * off before anything is sent (takeWholeJson).
 */
const TEXT_INDEX_HEADER = 'x-lamplight-whole-json';

const collectsTexts = (env: unknown): env is WholeJsonEnv =>
  Array.isArray((env as Partial<WholeJsonEnv> | undefined)?.wholeJsonTexts);

/** The app's first middleware: c.json keeps its text for the fast path when the fast path asks. */
export function wholeJson(): MiddlewareHandler {
  return (c, next) => {
    const env: unknown = c.env;
    if (!collectsTexts(env)) return next();
    const json = c.json;
    const whole = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      // undefined (and functions) stringify to nothing: Hono's own json answers those.
      if (text === undefined) return (json as (...args: unknown[]) => Response)(object, arg, headers);
      const index = env.wholeJsonTexts.push(text) - 1;
      return c.body(null, arg as never, {
        'Content-Type': 'application/json',
        ...headers,
        [TEXT_INDEX_HEADER]: String(index),
      });
    };
    (c as unknown as { json: typeof whole }).json = whole;
    return next();
  };
}

/**
 * The text of an answer c.json made whole, taken off the answer (its marking header removed), or
 * undefined for any other answer.
 */
export function takeWholeJson(response: Response, env: WholeJsonEnv): string | undefined {
  const index = response.headers.get(TEXT_INDEX_HEADER);
  if (index === null) return undefined;
  response.headers.delete(TEXT_INDEX_HEADER);
  return env.wholeJsonTexts[Number(index)];
}
