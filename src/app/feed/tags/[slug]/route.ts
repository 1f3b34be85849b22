import { safeDecode } from '@/lib/url';
import { notFoundResponse, xmlResponse } from '@/server/modules/feeds/feeds-http';
import { tagFeed } from '@/server/modules/feeds/feeds.service';

// GET /tags/{slug}/feed (rewritten here by next.config): a tag's RSS feed; 404 for an unknown tag.
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const feed = await tagFeed(safeDecode((await params).slug));
  return feed === null ? notFoundResponse() : xmlResponse(feed);
}
