import { textResponse } from '@/server/modules/feeds/feeds-http';
import { robotsTxt } from '@/server/modules/feeds/robots.service';

// GET /robots.txt: crawl everything public; the sitemap's absolute address.
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return textResponse(robotsTxt());
}
