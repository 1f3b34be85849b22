import { describe, expect, it } from 'vitest';
import type { Publication } from '@/server/modules/publications/publications.schema';
import { publicationJsonLd, publicationMetadata, publicationPath } from './publication-seo';

const PUBLIC_URL = 'https://lamplight.example/';

const publication: Publication = {
  id: '5f0c6a1e-2b1d-4c55-9a43-0c4c1e7d9a10',
  name: 'Grace </script><script>alert(1)</script> & Peace',
  image: '/uploads/logo.png',
  subdomain: 'grace-peace',
  collections: [{ id: 'c1', name: 'Psalms', description: 'Songs for the week.', createTimestamp: 1 }],
  description: 'Short notes\nof grace.',
  languageCode: 'en',
  newsletterDescription: null,
  backgroundImage: null,
  hasNewsletters: false,
  createdTime: 1_700_000_000_000,
};

describe('publication page SEO (issue 10)', () => {
  it('names /{subdomain} as the canonical address, with og tags carrying the absolute logo', () => {
    const meta = publicationMetadata(publication, PUBLIC_URL, null);
    expect(meta.alternates?.canonical).toBe('https://lamplight.example/grace-peace');
    expect(meta.description).toBe('Short notes of grace.');
    expect(meta.openGraph).toMatchObject({
      url: 'https://lamplight.example/grace-peace',
      images: [{ url: 'https://lamplight.example/uploads/logo.png' }],
    });
  });

  it('keeps a collection tab in the canonical address and titles the page after it', () => {
    const meta = publicationMetadata(publication, PUBLIC_URL, publication.collections[0]);
    expect(meta.alternates?.canonical).toBe('https://lamplight.example/grace-peace?collection=c1');
    expect(meta.title).toBe(`Psalms · ${publication.name}`);
    expect(meta.description).toBe('Songs for the week.');
    expect(publicationPath(publication)).toBe('/grace-peace');
  });

  it('describes the publication as a schema.org Organization that no text can break out of', () => {
    const json = publicationJsonLd(publication, PUBLIC_URL);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: publication.name,
      url: 'https://lamplight.example/grace-peace',
      logo: 'https://lamplight.example/uploads/logo.png',
      description: 'Short notes of grace.',
    });
  });

  it('leaves the logo out when there is none', () => {
    const json = JSON.parse(publicationJsonLd({ ...publication, image: null }, PUBLIC_URL));
    expect(json).not.toHaveProperty('logo');
    expect(
      publicationMetadata({ ...publication, image: null }, PUBLIC_URL, null).openGraph,
    ).not.toHaveProperty('images');
  });
});
