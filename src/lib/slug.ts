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
function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

export const SUBDOMAIN_MIN_LENGTH = 4; // SPEC §9
export const SUBDOMAIN_MAX_LENGTH = 30; // DESIGN §2

/** Shape check only; whether a subdomain is reserved or taken is the server's answer (GET /api/subdomains/{s}). */
export function isSubdomainShape(value: string): boolean {
  return value.length >= SUBDOMAIN_MIN_LENGTH && value.length <= SUBDOMAIN_MAX_LENGTH && isSlug(value);
}

/**
 * A story's address, '/stories/{slug}-{id}' (DESIGN §2), from its stored slug (the slugified title,
 * kept in step with it); just '/stories/{id}' when the title has no slug-able characters.
 */
export function storyPath(story: { slug: string; id: string }): string {
  return story.slug ? `/stories/${story.slug}-${story.id}` : `/stories/${story.id}`;
}
