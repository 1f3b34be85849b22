'use client';

// The story page's first-party page-view beacon: once the page is shown to a reader, one POST
// /api/stats/view {postId}. The page itself is cached HTML, the same for everyone, so counting
// happens here, in the browser, after load. A prerendered page waits until it is actually shown;
// the server ignores bots and prefetches and counts each reader once a day. Nothing is shown.
import { useEffect } from 'react';
import { api, call } from '@/lib/api-client';

type PrerenderingDocument = Document & { prerendering?: boolean };

export function ViewBeacon({ postId }: { postId: string }) {
  useEffect(() => {
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      // Best effort: a lost view must never disturb the reader.
      call(api.stats.view.$post({ json: { postId } })).catch(() => {});
    };
    const doc = document as PrerenderingDocument;
    if (!doc.prerendering) {
      send();
      return;
    }
    document.addEventListener('prerenderingchange', send, { once: true });
    return () => document.removeEventListener('prerenderingchange', send);
  }, [postId]);
  return null;
}
