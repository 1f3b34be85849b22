'use client';

import { useEffect, useState } from 'react';
import { slugify } from '@/lib/slug';
import { SUBDOMAIN_MAX, subdomainFormProblem } from '@/server/modules/users/users.schema';
import { isSubdomainTaken } from './profile-api';

/** SPEC §4 subdomain availability: unknown, available, taken ('checking' while the answer is out). */
export type SubdomainStatus = 'unknown' | 'checking' | 'available' | 'taken';

/** SPEC §9: checked 100 ms after the last change. */
export const SUBDOMAIN_CHECK_DELAY_MS = 100;

/**
 * What the user types, turned into a slug as they type (SPEC §5). Keeps one trailing hyphen so a
 * word can follow ("grace-" → "grace-notes"); the saved value never ends with one.
 */
export function subdomainInput(raw: string): string {
  const endsWithSeparator = /[\s_\-.]$/.test(raw);
  const slug = slugify(raw, SUBDOMAIN_MAX);
  return endsWithSeparator && slug && slug.length < SUBDOMAIN_MAX ? `${slug}-` : slug;
}

/** The value to save: the slug without a trailing hyphen. */
export const finalSubdomain = (value: string): string => slugify(value, SUBDOMAIN_MAX);

/**
 * The live availability of `value` (SPEC §5): a form the API refuses (fewer than 4 characters, a
 * reserved word: users.schema.ts) counts as unavailable, the user's own current subdomain counts as
 * fine, anything else is asked of the server 100 ms after the last change.
 */
export function useSubdomainCheck(value: string, current: string | null): SubdomainStatus {
  const subdomain = finalSubdomain(value);
  const local: SubdomainStatus | null = !subdomain
    ? 'unknown'
    : subdomain === current
      ? 'available'
      : subdomainFormProblem(subdomain)
        ? 'taken'
        : null;
  const [answer, setAnswer] = useState<{ subdomain: string; status: SubdomainStatus } | null>(null);

  useEffect(() => {
    if (local !== null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      isSubdomainTaken(subdomain, controller.signal).then(
        (taken) => setAnswer({ subdomain, status: taken ? 'taken' : 'available' }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setAnswer({ subdomain, status: 'unknown' });
        },
      );
    }, SUBDOMAIN_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subdomain, local]);

  if (local !== null) return local;
  return answer?.subdomain === subdomain ? answer.status : 'checking';
}
