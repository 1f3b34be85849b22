'use client';
// The site's links between its pages: next/link, prefetching when the reader reaches for a link
// (the pointer over it, a touch, keyboard focus) instead of when it scrolls into view. A page of
// stories shows dozens of links, and next/link's viewport prefetch asked the server to render the
// page behind each one — 10 to 17 renders for every page view, most of them never followed, which
// cost the server more than the page itself (docs/decisions/059-prefetch-on-intent.md). The lint
// rules send every import of next/link here.
import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, type ComponentProps } from 'react';

type Props = Omit<ComponentProps<typeof NextLink>, 'href' | 'prefetch'> & {
  href: string;
  /** false: no prefetch at all, not even on intent. */
  prefetch?: false;
};

export default function Link({ href, prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const router = useRouter();
  const asked = useRef(false);
  const prefetchOnce = () => {
    // Only the site's own pages; the router keeps what it fetched for the navigation that follows.
    if (asked.current || prefetch === false || !href.startsWith('/') || href.startsWith('//')) return;
    asked.current = true;
    router.prefetch(href);
  };
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        prefetchOnce();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchOnce();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        prefetchOnce();
        onTouchStart?.(event);
      }}
    />
  );
}
