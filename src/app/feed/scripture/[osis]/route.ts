import { safeDecode } from '@/lib/url';
import { notFoundResponse, xmlResponse } from '@/server/modules/feeds/feeds-http';
import { passageFeed } from '@/server/modules/feeds/feeds.service';

// GET /scripture/{osis}/feed (rewritten here by next.config): the stories citing a passage, as RSS;
// 404 for an address that names no passage (docs/decisions/047-passage-pages.md).
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ osis: string }> }) {
  const feed = await passageFeed(safeDecode((await params).osis));
  return feed === null ? notFoundResponse() : xmlResponse(feed);
}
