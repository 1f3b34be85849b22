import { z } from 'zod';

/**
 * A whole number sent in a path or a query, where every value is text. `z.coerce.number()` would
 * read it, but the OpenAPI document shows a coerced number as `integer | null` and, in a path, as
 * optional: a client generated from it sends `null` (read as NaN, a 400) or leaves the segment out.
 * Preprocessing keeps the document's `integer` with the rules of `number` (its minimum, maximum)
 * (docs/decisions/028-openapi-contract.md). An empty value counts as absent, as it did when coerced
 * to 0 and then defaulted.
 */
export const integerParam = <T extends z.ZodType<number>>(number: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? undefined : Number(value);
  }, number);
