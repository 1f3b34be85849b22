// Slugs are strict lower-case [a-z0-9-] (DESIGN §2); a subdomain's rules are subdomains' own
// (src/server/modules/subdomains/reserved-subdomains.ts).

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

/**
 * A story's address, '/stories/{slug}-{id}' (DESIGN §2), from its stored slug (the slugified title,
 * kept in step with it); just '/stories/{id}' when the title has no slug-able characters.
 */
export function storyPath(story: { slug: string; id: string }): string {
  return story.slug ? `/stories/${story.slug}-${story.id}` : `/stories/${story.id}`;
}

const TAG_SLUG_MAX = 80;

/**
 * A tag's slug: lower-case, letters of any script kept ('Finding Peace' → 'finding-peace', '信心' →
 * '信心'), so Chinese tags get one too (slugify above keeps [a-z0-9] only, right for subdomains and story addresses).
 */
export function tagSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TAG_SLUG_MAX)
    .replace(/-+$/, '');
}
