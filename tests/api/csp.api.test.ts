// Content-Security-Policy without 'unsafe-inline' for scripts (issue 9, item 8): each HTML page's
// policy names the SHA-256 hash of every inline script in it, made when the page is rendered; a
// page kept by the story page cache keeps its policy with it. Rendered pages are checked end to end
// in the browser tests (tests/e2e/csp.spec.ts).
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentPolicy, inlineScriptHashes, securityHeaders } from '../../src/server/lib/security-headers';
import { getRuntime } from '../../src/server/runtime';
import { createPost } from '../factories';
import { useTestDatabase } from '../helpers/test-db';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSources = (policy: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src'))!
    .split(/\s+/)
    .slice(1);

// Shaped like a Next.js page: its RSC payload in inline scripts, a bundle by src, JSON-LD.
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async=""></script>
<script type="application/ld+json">{"@type":"Article","name":"\\u003c/script>"}</script></head>
<body><p>Hi</p><script>(self.__next_f=self.__next_f||[]).push([0])</script>
<script>self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script><SCRIPT nonce="">self.__next_f.push([1,"é"])</SCRIPT >
<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;

describe('the Content-Security-Policy of pages', () => {
  it('lists each inline script of a page by hash, once, and no bundle loaded by src', () => {
    expect(inlineScriptHashes(PAGE)).toEqual([
      sha256('{"@type":"Article","name":"\\u003c/script>"}'),
      sha256('(self.__next_f=self.__next_f||[]).push([0])'),
      sha256('self.__next_f.push([1,"0:{\\"P\\":null}\\n"])'),
      sha256('self.__next_f.push([1,"é"])'),
    ]);
  });

  it("allows scripts from the site and the page's own inline scripts, never 'unsafe-inline'", () => {
    const policy = documentPolicy(PAGE);
    expect(scriptSources(policy)).toEqual(["'self'", ...inlineScriptHashes(PAGE)]);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    const base = securityHeaders.find((header) => header.key === 'Content-Security-Policy')!.value;
    expect(scriptSources(base)).toEqual(["'self'"]);
  });

  describe('a page kept by the story page cache', () => {
    beforeAll(async () => {
      await useTestDatabase();
    });

    it('is served with the policy made for it when it was rendered', async () => {
      const { storyPageCache } = await getRuntime();
      const post = await createPost((await getRuntime()).database.db);
      const path = `/stories/${post.slug ? `${post.slug}-` : ''}${post.id}`;
      const miss = await storyPageCache.lookup({ pathname: path, acceptsGzip: false });
      if (miss.action !== 'render') throw new Error(`expected a render, got ${miss.action}`);
      storyPageCache.store(miss.token, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: Buffer.from(PAGE),
      });
      const hit = await storyPageCache.lookup({ pathname: path, acceptsGzip: false });
      if (hit.action !== 'serve') throw new Error(`expected the stored page, got ${hit.action}`);
      expect(hit.body?.toString()).toBe(PAGE);
      expect(hit.headers['content-security-policy']).toBe(documentPolicy(PAGE));
    });
  });
});
