// Slugs and subdomains are strict lower-case [a-z0-9-] (DESIGN §2).

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'Grace & Peace — Day 1!' → 'grace-peace-day-1'. Never has leading, trailing or double dashes. */
export function slugify(input: string, maxLength = 80): string {
  const slug = input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // strip accents left by NFKD
    .toLowerCase()
    .replace(/['’]/g, '') // "God's" → "gods", not "god-s"
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  return slug.slice(0, maxLength).replace(/-+$/g, '');
}

/** True when the value already is a strict slug. */
export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

export const SUBDOMAIN_MIN_LENGTH = 4; // SPEC §9
export const SUBDOMAIN_MAX_LENGTH = 30; // DESIGN §2

/** Shape check only; whether a subdomain is reserved or taken is the server's answer (GET /api/subdomains/{s}). */
export function isSubdomainShape(value: string): boolean {
  return value.length >= SUBDOMAIN_MIN_LENGTH && value.length <= SUBDOMAIN_MAX_LENGTH && isSlug(value);
}

export const STORY_ID_LENGTH = 21; // SPEC §9: the story id is the last 21 characters

/** '/stories/{title-slug}-{id}' (DESIGN §2); just '/stories/{id}' when the title has no slug-able characters. */
export function storyPath(title: string, id: string): string {
  const slug = slugify(title);
  return slug ? `/stories/${slug}-${id}` : `/stories/${id}`;
}

/** The story id inside a story slug: its last 21 characters. */
export function storyIdFromSlug(slug: string): string {
  return slug.slice(-STORY_ID_LENGTH);
}
