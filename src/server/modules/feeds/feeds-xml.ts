// XML pieces shared by the feeds and the sitemap: escaping, CDATA, dates, absolute addresses.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Characters XML 1.0 forbids anywhere (C0 controls but tab, newline, return; lone surrogates; FFFE/FFFF).
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text made safe for an XML element or attribute. */
export const escapeXml = (text: string): string =>
  text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A CDATA section holding any text: a "]]>" inside is split across two sections. */
export const cdata = (text: string): string =>
  `<![CDATA[${text.replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** RFC 822 date as RSS 2.0 wants it ("Wed, 25 Nov 2026 03:33:27 GMT"). */
export const rfc822 = (date: Date): string => date.toUTCString();

/** W3C datetime for a sitemap's lastmod. */
export const w3cDate = (date: Date): string => date.toISOString();

/**
 * The site's address without a trailing slash, joined with a path. Characters outside ASCII (a
 * Chinese title slug) are percent-encoded: sitemap locations and feed links must be plain URIs.
 */
export function absoluteUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const ascii = path.replace(/[^\x00-\x7f]+/g, (run) => encodeURIComponent(run));
  return `${base.replace(/\/+$/, '')}${ascii.startsWith('/') ? ascii : `/${ascii}`}`;
}

/**
 * A story body with every site-relative address made absolute (feed readers show it away from the
 * site): src, href and poster attributes starting with a single "/" (uploads, story links); srcset
 * candidates likewise. Protocol-relative "//host" addresses are left alone.
 */
export function absolutizeHtml(html: string, base: string): string {
  const root = base.replace(/\/+$/, '');
  return html
    .replace(
      /\b(src|href|poster)=(["'])\/(?!\/)/gi,
      (_, attr: string, quote: string) => `${attr}=${quote}${root}/`,
    )
    .replace(/\bsrcset=(["'])([^"']*)\1/gi, (_, quote: string, value: string) => {
      const list = value.replace(/(^|,\s*)\/(?!\/)/g, (__, lead: string) => `${lead}${root}/`);
      return `srcset=${quote}${list}${quote}`;
    });
}
