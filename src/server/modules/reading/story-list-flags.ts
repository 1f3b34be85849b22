import { z } from '@hono/zod-openapi';

// The yes/no query flags of the story lists (forStudio, forAdmin): 'true' or '1' is yes.
export const flag = z.enum(['true', 'false', '1', '0']).optional();
export const isSet = (value: string | undefined) => value === 'true' || value === '1';
