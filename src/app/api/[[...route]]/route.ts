import { handle } from 'hono/vercel';
import { createApp } from '@/server/api/app';
import { exposeApiFastPath } from '@/server/api/fast-path';

// Every /api/* call except /api/auth/* (next-auth's own route wins) goes to the one Hono app:
// through Next.js for the first call, then straight from scripts/server.mjs (the fast path).
const app = createApp();
const handler = handle(app);
exposeApiFastPath(app);

export const dynamic = 'force-dynamic';
export {
  handler as GET,
  handler as POST,
  handler as PUT,
  handler as PATCH,
  handler as DELETE,
  handler as OPTIONS,
};
