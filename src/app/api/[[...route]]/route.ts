import { getRuntime } from '@/server/runtime-registry';

// Every /api/* call except /api/auth/* (next-auth's own route wins) goes to the one Hono app, which
// the runtime owns (src/server/runtime.ts). `npm start` answers most of them before Next.js's router
// (the fast path); this handler serves the rest, and all of them under `next dev`.
const handler = async (request: Request) => (await getRuntime()).api.app.fetch(request);

export const dynamic = 'force-dynamic';
export {
  handler as GET,
  handler as POST,
  handler as PUT,
  handler as PATCH,
  handler as DELETE,
  handler as OPTIONS,
};
