import { env } from '../../lib/env';
import { absoluteUrl } from './feeds-xml';

// robots.txt: everything public may be crawled; the API, the signed-in areas and the editors not.

const DISALLOWED = [
  '/api/',
  '/me',
  '/stories/edit',
  '/stories/new-story',
  '/authors/edit-profile',
  '/publications/*/studio',
  '/publications/*/edit',
  '/publications/admin',
];

export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(env.PUBLIC_URL, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
