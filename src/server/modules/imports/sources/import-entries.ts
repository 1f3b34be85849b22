import type { Readable } from 'node:stream';

// What every export reader (WordPress WXR, Ghost JSON, Medium zip, Substack zip) hands the import:
// one shape whatever the source, read from a file on disk one entry at a time, so that a file of
// tens of megabytes is never held in memory twice. The readers only read; the import decides.

export const IMPORT_SOURCES = ['wordpress', 'ghost', 'medium', 'substack'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** A post as the source exported it, before Lamplight's normaliser and sanitiser. */
export type ImportedStory = {
  kind: 'story';
  /** Stable within the source (WXR post_id, Ghost id, Medium file name, Substack post_id). */
  externalId: string;
  title: string;
  /**
   * The body as HTML. Source-only syntax is already plain HTML here (Gutenberg block comments
   * dropped, [caption] and other shortcodes turned into HTML, Ghost lexical/mobiledoc rendered);
   * it is still untrusted and goes through the editor's normaliser and sanitiser.
   */
  html: string;
  excerpt: string;
  /** The source's slug, when it had one (may be non-ASCII, percent-decoded). */
  slug: string | null;
  status: 'draft' | 'published';
  publishedAt: Date | null;
  /** Every tag and category in source order; the import keeps the first 5 and reports the rest. */
  tags: string[];
  /** Who wrote it in the source, for mapping to an account. */
  author: { key: string; email: string | null; name: string | null } | null;
  /** The post's public address at the source (the canonical link, when the writer asks). */
  originalUrl: string | null;
  featureImageUrl: string | null;
  /**
   * What the reader changed or could not carry over in this post, for the dry run and the report
   * ("unknown shortcode [foo] dropped", "Ghost signup card dropped", "private in WordPress: kept
   * as a draft"). Empty when nothing was lost. (Added by the readers.)
   */
  notes?: string[];
};

/** Something in the export that will not become a story, and why (shown in the dry run). */
export type SkippedEntry = {
  kind: 'skip';
  externalId: string;
  title: string;
  /** What it is in the source: 'page', 'attachment', 'response', 'paid-only', 'nav_menu_item'… */
  what: string;
  reason: string;
};

export type ImportEntry = ImportedStory | SkippedEntry;

/** An opened export: its entries in order, and the files that came with it (zip exports). */
export type OpenedExport = {
  source: ImportSource;
  entries(): AsyncIterable<ImportEntry>;
  /**
   * A file inside the export that a post refers to by a relative path (an image in a Medium or
   * Substack zip); null when the export has no such file. WXR and Ghost JSON have none.
   */
  openAsset(path: string): Promise<Readable | null>;
  close(): Promise<void>;
};

/** A subscriber row from a Substack or Ghost member CSV. */
export type ImportedSubscriber = {
  kind: 'subscriber';
  email: string;
  name: string | null;
  createdAt: Date | null;
  /**
   * The source recorded that this address agreed to receive mail (Substack: an active
   * subscription; Ghost: `subscribed_to_emails` true). Without it the import sends Lamplight's
   * double opt-in mail and never a newsletter.
   */
  consented: boolean;
};

export type SkippedSubscriber = { kind: 'skip'; row: number; reason: string };

/**
 * What a reader cannot learn from the file itself. (Added by the readers.)
 */
export type OpenExportOptions = {
  /**
   * The old site's address, e.g. https://example.com. Ghost exports write their own address as
   * `__GHOST_URL__` and Substack's posts.csv has no address at all: with it, those links, images
   * and each story's originalUrl become absolute; without it Ghost's become site-relative paths
   * and Substack's originalUrl is null.
   */
  siteUrl?: string;
  /**
   * Substack posts for paid subscribers only (audience only_paid or founding) and Ghost posts
   * with visibility paid/tiers: 'draft' (default) imports them as drafts so nothing that was paid
   * becomes public; 'skip' leaves them out with a SkippedEntry of what 'paid-only'.
   */
  paidPosts?: 'draft' | 'skip';
};
