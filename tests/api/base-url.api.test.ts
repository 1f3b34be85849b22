// The site's public address follows the port it listens on when NEXTAUTH_URL is unset (issue 9,
// item 8): `PORT=3100 npm start` must not advertise http://localhost:3000 in canonical links,
// og:url, JSON-LD, share links or next-auth's URLs. siteUrl() in src/server/lib/env.ts is the source.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { storyJsonLd } from '../../src/components/story-page/story-seo';
import { siteUrl } from '../../src/server/lib/env';
import type { StoryPageView } from '../../src/server/modules/posts/posts-page.service';

/** What env.ts makes of this environment, loaded in a fresh process as the server would. */
function loadedEnv(vars: Record<string, string | undefined>) {
  const script = `const { env } = await import('./src/server/lib/env.ts');
    console.log(JSON.stringify({ NEXTAUTH_URL: env.NEXTAUTH_URL, PUBLIC_URL: env.PUBLIC_URL, processUrl: process.env.NEXTAUTH_URL }));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, NEXTAUTH_URL: undefined, PUBLIC_URL: undefined, PORT: undefined, ...vars },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as {
    NEXTAUTH_URL: string;
    PUBLIC_URL: string;
    processUrl: string;
  };
}

describe('the public base URL', () => {
  it('is NEXTAUTH_URL when set, else this machine at PORT', () => {
    expect(siteUrl({ PORT: '3100' })).toBe('http://localhost:3100');
    expect(siteUrl({ PORT: '3100', NEXTAUTH_URL: 'https://lamplight.example' })).toBe(
      'https://lamplight.example',
    );
  });

  it('a server started with PORT=3100 and no NEXTAUTH_URL advertises port 3100 everywhere', () => {
    const loaded = loadedEnv({ PORT: '3100' });
    // Canonical, og:url, JSON-LD and share links use PUBLIC_URL; next-auth reads process.env.
    expect(loaded).toEqual({
      NEXTAUTH_URL: 'http://localhost:3100',
      PUBLIC_URL: 'http://localhost:3100',
      processUrl: 'http://localhost:3100',
    });
    const story = {
      id: 'abcdefghijklmnopqrstu',
      path: '/stories/hello-abcdefghijklmnopqrstu',
      title: 'Hello',
      excerpt: '',
      bodyHtml: '',
      featureImageUrl: null,
      status: 'published',
      isPublic: true,
      publishedAt: 0,
      createdAt: 0,
      updatedAt: 0,
      readingMinutes: 1,
      wordCount: 1,
      languageCode: 'en',
      author: { id: 'a', name: 'A', image: null, subdomain: 'a' },
      publication: null,
      tags: [],
    } as StoryPageView;
    const jsonLd = storyJsonLd(story, loaded.PUBLIC_URL);
    expect(jsonLd).toContain('http://localhost:3100/stories/hello-abcdefghijklmnopqrstu');
    expect(jsonLd).not.toContain('localhost:3000');
  });

  it('without PORT either, the default port 3000; an explicit NEXTAUTH_URL wins over PORT', () => {
    expect(loadedEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadedEnv({ PORT: '3100', NEXTAUTH_URL: 'https://lamplight.example' }).PUBLIC_URL).toBe(
      'https://lamplight.example',
    );
  });
});
