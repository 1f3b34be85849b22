import type { Metadata } from 'next';
import { absoluteUrl, publicAddress } from '@/components/share/share-links';
import type { CollectionSummary, Publication } from '@/server/modules/publications/publications.schema';

// The publication page's head (title, description, canonical /{subdomain}, Open Graph and Twitter
// card with the logo) and its JSON-LD Organization, from the public host (DESIGN §10 PUBLIC_URL).
// /publications/{id} shows the same page, so its canonical address is the /{subdomain} one too.

const SITE_NAME = 'Lamplight';

/** The canonical path: /{subdomain}, with the collection tab when one is chosen. */
export function publicationPath(publication: Pick<Publication, 'subdomain'>, collectionId?: string | null) {
  const base = `/${publication.subdomain}`;
  return collectionId ? `${base}?collection=${encodeURIComponent(collectionId)}` : base;
}

/** One line of at most 300 characters, for a description. */
function describe(publication: Publication): string {
  const text = publication.description.replace(/\s+/g, ' ').trim() || `Stories from ${publication.name}.`;
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}…` : text;
}

export function publicationMetadata(
  publication: Publication,
  publicUrl: string,
  collection: CollectionSummary | null,
): Metadata {
  const url = publicAddress(publicUrl, publicationPath(publication, collection?.id));
  const logo = absoluteUrl(publication.image, publicUrl);
  const title = collection ? `${collection.name} · ${publication.name}` : publication.name;
  const description = collection?.description.trim() || describe(publication);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName: SITE_NAME,
      locale: publication.languageCode.startsWith('zh') ? 'zh_CN' : 'en_US',
      ...(logo && { images: [{ url: logo, alt: publication.name }] }),
    },
    twitter: { card: 'summary', title, description, ...(logo && { images: [logo] }) },
  };
}

/**
 * schema.org Organization as JSON safe inside <script>: '<', '>' and '&' become \u escapes (no name
 * or description can write '</script>' or '<!--'), as do the two line separators JavaScript dislikes.
 */
export function publicationJsonLd(publication: Publication, publicUrl: string): string {
  const logo = absoluteUrl(publication.image, publicUrl);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: publication.name,
    url: publicAddress(publicUrl, publicationPath(publication)),
    ...(logo && { logo }),
    description: describe(publication),
  };
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
