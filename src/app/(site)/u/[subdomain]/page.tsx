import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { UserHome } from '@/components/users/user-home';
import { subdomainFormProblem } from '@/server/modules/subdomains/reserved-subdomains';
import { safeDecode } from '@/lib/url';
import { env } from '@/server/lib/env';
import { listPublicListsOf } from '@/server/modules/lists/lists.service';
import { listPins } from '@/server/modules/pins/pins.service';
import { listAuthorPosts } from '@/server/modules/reading/author-stories.service';
import { findUserHome } from '@/server/modules/users/users.service';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';

// /@{subdomain} (SPEC §2), served from /u/{subdomain} through a rewrite in next.config (a folder
// named @x would be a parallel-route slot): avatar, name, bio, pinned then latest published
// stories, public lists. An unknown (or banned) handle is the 404 page. One HTML for every reader
// (decision 031): rendered as a guest sees it; the owner's controls come from GET /api/me/page-state.

const STORIES_PAGE_SIZE = 10;

type Props = { params: Promise<{ subdomain: string }> };

const loadUser = cache(async (raw: string) => {
  const subdomain = safeDecode(raw).toLowerCase();
  if (subdomainFormProblem(subdomain) !== null) return null;
  return findUserHome(null, subdomain);
});

const absolute = (url: string) => (url.startsWith('/') ? new URL(url, env.PUBLIC_URL).toString() : url);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const user = await loadUser((await params).subdomain);
  if (!user) return { title: 'Page not found' };
  const title = `${user.name} (@${user.subdomain})`;
  const description = user.description || `Stories by ${user.name} on Lamplight.`;
  const path = `/@${user.subdomain}`;
  return {
    title,
    description,
    alternates: {
      canonical: path,
      types: rssAlternate(
        env.PUBLIC_URL,
        feedPaths.writer(user.subdomain ?? ''),
        `${user.name} on Lamplight`,
      ),
    },
    openGraph: {
      type: 'profile',
      title,
      description,
      url: path,
      ...(user.image
        ? { images: [{ url: absolute(user.image), width: 120, height: 120, alt: user.name }] }
        : {}),
    },
    twitter: { card: 'summary', title, description },
  };
}

export default async function UserHomePage({ params }: Props) {
  const user = await loadUser((await params).subdomain);
  if (!user) notFound();
  const [pinned, latest, lists] = await Promise.all([
    listPins(null, { userId: user.id }),
    listAuthorPosts(null, user.id, { limit: STORIES_PAGE_SIZE }),
    listPublicListsOf(null, user.id),
  ]);
  return (
    <UserHome user={user} pinned={pinned.posts} latest={latest} lists={lists} pageSize={STORIES_PAGE_SIZE} />
  );
}
