// Issue 24 item 2 on the story page (decision 048): a story published through the API, in English
// or Chinese, is rendered with its scripture references as links to their passage pages and a
// "Scripture in this story" list — made from the sanitised body the page renders, in the story's
// language — and an edit that changes them changes the fingerprint the page cache checks, so the
// cached page with the old links is never served again.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { getStoryPage, probeStoryPage } from '../../src/server/modules/posts/posts-page.service';
import { linkScriptureReferences } from '../../src/server/modules/scripture/story-links/scripture-links';
import { createUser, storyPayload } from '../factories';
import { call } from '../helpers/api-client';
import { useTestDatabase } from '../helpers/test-db';

let db: Db;

const paragraph = (...content: Record<string, unknown>[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: Record<string, unknown>[]) => ({
  type: 'text',
  text: value,
  ...(marks && { marks }),
});

async function publish(as: string, body: Record<string, unknown>) {
  const res = await call('POST', '/api/posts/new/publish', { as, body: storyPayload(body) });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; slug: string; version: number };
}

/** The story page as the page renders it: the service's view, then the body's references linked. */
async function renderedPage(story: { id: string; slug: string }) {
  const result = await getStoryPage(story.slug ? `${story.slug}-${story.id}` : story.id, async () => null);
  if (result.kind !== 'story') throw new Error(`no story page: ${result.kind}`);
  return { view: result.story, ...linkScriptureReferences(result.story.bodyHtml, result.story.languageCode) };
}

const slugOf = (story: { id: string; slug: string }) => (story.slug ? `${story.slug}-${story.id}` : story.id);

describe('story page: scripture references as passage links', () => {
  beforeAll(async () => {
    db = (await useTestDatabase()).db;
  });

  it('links the references of an English story and lists each passage once, in the WEB', async () => {
    const author = await createUser(db);
    const story = await publish(author.id, {
      title: 'Loved by God',
      bodyJson: {
        type: 'doc',
        content: [
          paragraph(
            text('For God so loved the world (John 3:16); see also '),
            text('Romans 8:28', [{ type: 'bold' }]),
            text('.'),
          ),
          paragraph(
            text('John 3:16', [{ type: 'link', attrs: { href: 'https://example.com/john-3-16' } }]),
            text(' again, and Psalm 23.'),
          ),
          { type: 'codeBlock', content: [text('Matthew 5:3')] },
        ],
      },
    });
    const page = await renderedPage(story);
    expect(page.view.languageCode).toBe('en');
    expect(page.html).toBe(
      '<p>For God so loved the world (<a href="/scripture/John.3.16" class="scripture-ref" data-osis="John.3.16">John 3:16</a>); ' +
        'see also <strong><a href="/scripture/Rom.8.28" class="scripture-ref" data-osis="Rom.8.28">Romans 8:28</a></strong>.</p>' +
        '<p><a href="https://example.com/john-3-16" rel="noopener nofollow ugc">John 3:16</a> again, and ' +
        '<a href="/scripture/Ps.23" class="scripture-ref" data-osis="Ps.23">Psalm 23</a>.</p>' +
        '<pre><code>Matthew 5:3</code></pre>',
    );
    expect(page.passages).toEqual([
      { osis: 'John.3.16', display: 'John 3:16' },
      { osis: 'Rom.8.28', display: 'Romans 8:28' },
      { osis: 'Ps.23', display: 'Psalm 23' },
    ]);
    expect(page.translation).toBe('web');
    // What is stored is the sanitised body without links: they are made for the page only.
    expect(page.view.bodyHtml).not.toContain('scripture-ref');
  });

  it('reads a Chinese story in Chinese and previews it in the CUV', async () => {
    const author = await createUser(db);
    const story = await publish(author.id, {
      title: '神爱世人',
      languageCode: 'zh',
      bodyJson: {
        type: 'doc',
        content: [paragraph(text('正如约翰福音 3:16所说，神爱世人。约3:16是福音的中心。'))],
      },
    });
    const page = await renderedPage(story);
    expect(page.view.languageCode).toBe('zh');
    expect(page.html).toBe(
      '<p>正如<a href="/scripture/John.3.16" class="scripture-ref" data-osis="John.3.16">约翰福音 3:16</a>所说，神爱世人。' +
        '<a href="/scripture/John.3.16" class="scripture-ref" data-osis="John.3.16">约3:16</a>是福音的中心。</p>',
    );
    expect(page.passages).toEqual([{ osis: 'John.3.16', display: '约翰福音 3:16' }]);
    expect(page.translation).toBe('cuv');
  });

  it('a story citing nothing renders its body as stored, with no list', async () => {
    const author = await createUser(db);
    const story = await publish(author.id, {});
    const page = await renderedPage(story);
    expect(page.html).toBe(page.view.bodyHtml);
    expect(page.passages).toEqual([]);
  });

  it('an edit of the references or of the language changes what the page cache checks', async () => {
    const author = await createUser(db);
    const story = await publish(author.id, {
      bodyJson: { type: 'doc', content: [paragraph(text('Come to me (Matthew 11:28).'))] },
    });
    const fingerprintOf = async () => {
      const probe = await probeStoryPage(slugOf(story));
      if (probe.kind !== 'story') throw new Error('no probe');
      return probe.fingerprint;
    };
    const first = await fingerprintOf();
    expect((await renderedPage(story)).passages.map((p) => p.osis)).toEqual(['Matt.11.28']);

    const edited = await call('PATCH', `/api/posts/${story.id}`, {
      as: author.id,
      body: {
        version: story.version,
        bodyJson: { type: 'doc', content: [paragraph(text('Be still (Psalm 46:10).'))] },
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const second = await fingerprintOf();
    expect(second).not.toBe(first);
    expect((await renderedPage(story)).passages.map((p) => p.osis)).toEqual(['Ps.46.10']);

    const relanguaged = await call('PATCH', `/api/posts/${story.id}`, {
      as: author.id,
      body: { version: edited.json.version, languageCode: 'zh' },
    });
    expect(relanguaged.status, relanguaged.text).toBe(200);
    expect(await fingerprintOf()).not.toBe(second);
    const page = await renderedPage(story);
    expect(page.translation).toBe('cuv');
    expect(page.passages).toEqual([{ osis: 'Ps.46.10', display: '诗篇 46:10' }]);
  });
});
