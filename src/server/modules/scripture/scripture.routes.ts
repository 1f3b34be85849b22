import { createRoute } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { etag } from 'hono/etag';
import { anyone, json } from '../../api/openapi';
import { createRouter } from '../../api/router';
import { LANGUAGE_COOKIE } from '../../lib/reader-language';
import { readerLocale } from '../../lib/reader-locale';
import { storyPageSchema } from '../posts/posts.schema';
import { getPassagePreview, readPassageOrThrow } from './passages.service';
import {
  passageParamsSchema,
  passagePostsQuerySchema,
  passagePreviewQuerySchema,
  passagePreviewSchema,
  PREVIEW_CACHE_CONTROL,
} from './scripture.schema';
import { listCitingStories } from './scripture-refs.service';
import { translationFor } from './texts/scripture-texts';

// /api/scripture (issue 24): a passage's text for the story page's previews, and the stories citing
// it. Mounted at /scripture in src/server/api/app.ts.

const tags = ['scripture'];

export const scriptureRoutes = createRouter()
  // GET /api/scripture/{osis}?translation — the passage's first verses, for a preview
  .openapi(
    createRoute({
      method: 'get',
      path: '/{osis}',
      security: anyone,
      tags,
      summary: "A passage's first verses in a public-domain translation, for a preview",
      description:
        "The same answer for every reader of the same address: public, cached for a day, with an ETag (304 for a copy the client kept). Without `translation` the reader's language chooses, and the answer varies by Accept-Language and Cookie: send `translation` to share one cached copy.",
      middleware: [etag()],
      request: { params: passageParamsSchema, query: passagePreviewQuerySchema },
      responses: { 200: json(passagePreviewSchema) },
    }),
    async (c) => {
      const asked = c.req.valid('query').translation;
      const translation =
        asked ??
        translationFor(
          readerLocale({ headers: c.req.raw.headers, cookie: getCookie(c, LANGUAGE_COOKIE) }).languageCode,
        );
      const preview = await getPassagePreview(c.req.valid('param').osis, translation);
      c.header('Cache-Control', PREVIEW_CACHE_CONTROL);
      if (!asked) c.header('Vary', 'Accept-Language, Cookie');
      return c.json(preview, 200);
    },
  )
  // GET /api/scripture/{osis}/posts?lastKey&limit — published stories citing it, newest first
  .openapi(
    createRoute({
      method: 'get',
      path: '/{osis}/posts',
      security: anyone,
      tags,
      summary: 'Published stories citing a passage or one overlapping it, newest first, page by page',
      description:
        'A story citing John 3:14–18, John 3 or the whole Gospel of John is listed under John.3.16, and one citing John 3:16 under John.3 and John. Stories of banned writers are left out, except for site admins.',
      request: { params: passageParamsSchema, query: passagePostsQuerySchema },
      responses: { 200: json(storyPageSchema) },
    }),
    async (c) => {
      const passage = readPassageOrThrow(c.req.valid('param').osis);
      return c.json(await listCitingStories(c.get('actor'), passage, c.req.valid('query')), 200);
    },
  );
