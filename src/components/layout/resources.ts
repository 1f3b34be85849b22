import { GUIDES, guidePath } from '@/lib/guides';

// The header's Resources dropdown: guide articles on the platform itself (SPEC §2), published by
// the first-run seed under fixed ids (src/lib/guides.ts).
export type ResourceLink = { title: string; href: string };

export const RESOURCE_LINKS: ResourceLink[] = GUIDES.map((guide) => ({
  title: guide.title,
  href: guidePath(guide),
}));
