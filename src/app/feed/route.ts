import { xmlResponse } from '@/server/modules/feeds/feeds-http';
import { siteFeed } from '@/server/modules/feeds/feeds.service';

// GET /feed: the site's RSS 2.0 feed, the newest public stories.
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return xmlResponse(await siteFeed());
}
