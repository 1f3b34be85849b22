import { UUID_RE } from '../../lib/ids';
import { currentSiteVersion } from '../page-cache/site-version.service';
import { createVersionedPageCache } from '../page-cache/versioned-page.cache';
import { planPageVersion } from './plans.service';

// The response cache in front of a reading plan's page, /plans/{id} (docs/decisions/050-reading-plans.md,
// on decision 031: one HTML for every reader; the reader's progress comes after the page). A copy is
// served while the plan is unchanged (its updated_at) and the site's version — which the database's
// triggers move when a story is published, renamed, unpublished or deleted — is the one it was made
// for. An address with a query (a mail's mark-read link) is rendered by Next.js, never kept.

/** Memory the cache may hold (gzipped pages of a few tens of KB). */
export const PLAN_PAGE_CACHE_BYTES = 8 * 1024 * 1024;

const PLAN_PATH = /^\/plans\/([0-9a-f-]{36})$/;

/** The plan an address names, when it is one the cache takes: lower-case, no query. */
export function planPageId(url: string): string | null {
  const id = PLAN_PATH.exec(url)?.[1];
  return id && UUID_RE.test(id) ? id : null;
}

export function createPlanPageCache(options: {
  maxBytes: number;
  probe?: (id: string) => Promise<string | null>;
  siteVersion?: () => Promise<string>;
}) {
  const probe = options.probe ?? planPageVersion;
  const siteVersion = options.siteVersion ?? currentSiteVersion;
  return createVersionedPageCache({
    maxBytes: options.maxBytes,
    takes: (url) => planPageId(url) !== null,
    async resolve({ url }, store) {
      const id = planPageId(url)!;
      const [version, site] = await Promise.all([probe(id), siteVersion()]);
      // No such plan (deleted): its 404, and nothing stays kept.
      if (version === null) {
        store.drop(url);
        return null;
      }
      return { key: url, fingerprint: `${site}:${version}` };
    },
  });
}

export type PlanPageCache = ReturnType<typeof createPlanPageCache>;
