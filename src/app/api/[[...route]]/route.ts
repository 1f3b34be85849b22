import { handle } from 'hono/vercel';
import { createApp } from '@/server/api/app';

// Every /api/* call except /api/auth/* (next-auth's own route wins) goes to the one Hono app.
const handler = handle(createApp());

export const dynamic = 'force-dynamic';
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
