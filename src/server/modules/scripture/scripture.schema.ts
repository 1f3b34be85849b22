import { z } from 'zod';
import { cursorParamSchema, pageLimitSchema } from '../../lib/cursor';
import { OSIS_PATTERN } from './passages';
import { PASSAGE_POSTS_LIMIT } from './scripture-refs.service';
import { TRANSLATIONS } from './texts/scripture-texts';

// Inputs and answers of /api/scripture (issue 24; docs/decisions/046 and 047).

export const osisParamSchema = z
  .string()
  .max(40, 'Not a passage: at most 40 characters')
  .regex(
    OSIS_PATTERN,
    'Not a passage: write it in OSIS, such as John.3.16, John.3.16-John.3.18, Ps.23 or Gen',
  )
  .meta({
    description:
      'A passage in OSIS: a book (`Gen`), a chapter (`Ps.23`), a verse (`John.3.16`) or a range of them (`John.3.16-John.3.18`, `Matt.28-Mark.1`). A well-formed passage that does not exist (`Gen.999.999`) answers 404.',
    example: 'John.3.16',
  });

export const passageParamsSchema = z.object({ osis: osisParamSchema });

export const translationSchema = z.enum(TRANSLATIONS).meta({
  description:
    "`web` World English Bible, `kjv` King James Version (English), `cuv` 和合本 Chinese Union Version. Left out: the reader's language's (the language cookie, else Accept-Language): `cuv` for Chinese, `web` otherwise.",
});

// GET /api/scripture/{osis}?translation

/** The texts never change while the process runs: a day in any cache, revalidated by ETag after. */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=86400';

export const passagePreviewQuerySchema = z.object({ translation: translationSchema.optional() });

export const passagePreviewSchema = z
  .object({
    osis: z.string().describe('The passage in canonical OSIS (John.3.16-John.3.16 is John.3.16)'),
    display: z
      .string()
      .describe("The passage written for a reader, in the translation's language: John 3:16, 约翰福音 3:16"),
    translation: z.enum(TRANSLATIONS),
    translationName: z.string(),
    verses: z
      .array(
        z.object({
          osis: z.string().describe('John.3.16'),
          number: z.number().int().min(1),
          text: z.string(),
        }),
      )
      .describe(
        'The first verses of the passage (at most 5); empty when the translation has none of it (Luke 17:36 in the WEB)',
      ),
    more: z.boolean().describe('The passage has more verses than these: its page (`url`) has them'),
    url: z.string().describe('The passage page: /scripture/{osis}'),
  })
  .meta({ id: 'PassagePreview' });

// GET /api/scripture/{osis}/posts?lastKey&limit
export const passagePostsQuerySchema = z.object({
  lastKey: cursorParamSchema,
  limit: pageLimitSchema(PASSAGE_POSTS_LIMIT),
});
