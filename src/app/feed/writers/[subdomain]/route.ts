import { safeDecode } from '@/lib/url';
import { notFoundResponse, xmlResponse } from '@/server/modules/feeds/feeds-http';
import { writerFeed } from '@/server/modules/feeds/feeds.service';

// GET /@{subdomain}/feed (rewritten here by next.config): a writer's RSS feed; 404 for an unknown
// or banned writer.
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ subdomain: string }> }) {
  const feed = await writerFeed(safeDecode((await params).subdomain));
  return feed === null ? notFoundResponse() : xmlResponse(feed);
}
