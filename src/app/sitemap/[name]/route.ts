import { notFoundResponse, xmlResponse } from '@/server/modules/feeds/feeds-http';
import { sitemapPart } from '@/server/modules/feeds/sitemap.service';

// GET /sitemap/{kind}-{n}.xml: one part of a sitemap index (see /sitemap.xml).
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const part = await sitemapPart((await params).name);
  return part === null ? notFoundResponse() : xmlResponse(part, 'application/xml');
}
