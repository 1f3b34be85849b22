// Links in a story may only go to http(s) and mailto addresses (DESIGN §9; the server's sanitiser
// drops anything else, so the editor refuses it up front instead of losing it on save).

/**
 * The address to link to, or null when it is not allowed. A bare 'example.com/page' becomes
 * 'https://example.com/page' and 'name@example.com' becomes a mailto: link.
 */
export function normalizeLinkUrl(input: string): string | null {
  const value = input.trim();
  if (!value || /[\s<>"'`\\]/.test(value)) return null;
  if (/^mailto:[^\s/@]+@[^\s/@]+$/i.test(value)) return value;
  if (/^[^\s/:@]+@[^\s/@]+\.[^\s/@]+$/.test(value)) return `mailto:${value}`;
  let candidate = value;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    // No scheme: a host-like start ('example.com', 'www.x.org/y') is taken as https.
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#].*)?$/i.test(value)) return null;
    candidate = `https://${value}`;
  }
  if (!/^https?:\/\/[^/?#]+/i.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? candidate : null;
  } catch {
    return null;
  }
}

/** For Tiptap's Link isAllowedUri: the same rule, without rewriting. */
export function isAllowedLinkUrl(url: string): boolean {
  const normalized = normalizeLinkUrl(url);
  return normalized !== null && normalized === url.trim();
}
