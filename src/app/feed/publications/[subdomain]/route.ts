import { safeDecode } from '@/lib/url';
import { notFoundResponse, xmlResponse } from '@/server/modules/feeds/feeds-http';
import { publicationFeed } from '@/server/modules/feeds/feeds.service';

// GET /{subdomain}/feed (rewritten here by next.config): a publication's RSS feed; 404 when no
// publication holds the name.
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ subdomain: string }> }) {
  const feed = await publicationFeed(safeDecode((await params).subdomain));
  return feed === null ? notFoundResponse() : xmlResponse(feed);
}
