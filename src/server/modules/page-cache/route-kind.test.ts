import { describe, expect, it } from 'vitest';
import { routeKind, ROUTE_KINDS } from './route-kind';

// The request metrics' route kinds (docs/decisions/036-metrics-and-logs.md): every path falls in
// one of a few kinds, so no path becomes a label of its own.
describe('routeKind', () => {
  it.each([
    ['/', 'home'],
    ['/?languageCode=zh', 'home'],
    ['/stories/a-walk-in-the-rain-1a2b3c', 'story'],
    ['/stories/a-walk?ref=x', 'story'],
    ['/stories/new-story', 'other'],
    ['/stories/edit/123', 'other'],
    ['/tags/faith', 'tag'],
    ['/tags/faith?subtopic=1', 'tag'],
    ['/tags/faith/feed', 'feed'],
    ['/@maria', 'writer'],
    ['/@maria/feed', 'feed'],
    ['/u/maria', 'writer'],
    ['/morning-light', 'publication'],
    ['/morning-light/feed', 'feed'],
    ['/publications', 'publication'],
    ['/publications/6f9619ff-8b86-d011-b42d-00c04fc964ff', 'publication'],
    ['/search?q=hope', 'search'],
    ['/scripture/John.3.16', 'scripture'],
    ['/scripture/Ps.23/feed', 'feed'],
    ['/api/posts/6f9619ff-8b86-d011-b42d-00c04fc964ff', 'api'],
    ['/api', 'api'],
    ['/api/auth/session', 'auth'],
    ['/signin', 'auth'],
    ['/_next/static/chunks/main.js', 'static'],
    ['/uploads/0123456789abcdef0123456789abcdef.webp', 'static'],
    ['/favicon.ico', 'static'],
    ['/feed', 'feed'],
    ['/sitemap.xml', 'feed'],
    ['/sitemap/stories-1.xml', 'feed'],
    ['/robots.txt', 'feed'],
    ['/healthz', 'health'],
    ['/readyz?x=1', 'health'],
    ['/metrics', 'metrics'],
    ['/metrics/x', 'other'],
    ['/me', 'other'],
    ['/admin', 'other'],
    ['/lists', 'other'],
    ['/contact', 'other'],
    ['/Not-A-Name', 'other'],
    ['/a/b/c', 'other'],
  ])('%s → %s', (url, kind) => {
    expect(routeKind(url)).toBe(kind);
    expect(ROUTE_KINDS).toContain(kind);
  });
});
