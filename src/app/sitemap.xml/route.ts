import { xmlResponse } from '@/server/modules/feeds/feeds-http';
import { sitemapDocument } from '@/server/modules/feeds/sitemap.service';

// GET /sitemap.xml: the urlset, or the index of its parts past 50,000 addresses.
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return xmlResponse(await sitemapDocument(), 'application/xml');
}
