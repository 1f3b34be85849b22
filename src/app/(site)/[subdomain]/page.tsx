import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { findPublicationHome } from '@/server/modules/publications/publications.service';
import { PagePlaceholder } from '@/components/layout/page-placeholder';
import { subdomainFormProblem } from '@/server/modules/subdomains/reserved-subdomains';
import { safeDecode } from '@/lib/url';

// /{subdomain}: a publication's home (SPEC §2: the target after a publication is created). Every static
// route wins over this segment; anything that cannot be a subdomain is a 404.
// '/@{subdomain}' also lands here when no rewrite sends it to /u/{subdomain} first.

function parse(raw: string): { kind: 'user' | 'publication'; subdomain: string } | null {
  const value = safeDecode(raw).toLowerCase();
  const kind = value.startsWith('@') ? 'user' : 'publication';
  const subdomain = kind === 'user' ? value.slice(1) : value;
  return subdomainFormProblem(subdomain) === null ? { kind, subdomain } : null;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ subdomain: string }>;
}): Promise<Metadata> {
  const parsed = parse((await params).subdomain);
  if (!parsed || parsed.kind === 'user') return {};
  const publication = await findPublicationHome(parsed.subdomain);
  return publication ? { title: publication.name, description: publication.description } : {};
}

export default async function SubdomainPage({ params }: { params: Promise<{ subdomain: string }> }) {
  const parsed = parse((await params).subdomain);
  if (!parsed) notFound();
  if (parsed.kind === 'user') permanentRedirect(`/@${parsed.subdomain}`);
  // Unknown names are a 404, never a page that pretends the publication exists.
  const publication = await findPublicationHome(parsed.subdomain);
  if (!publication) notFound();
  return (
    <PagePlaceholder
      title={publication.name}
      purpose="This publication's home will be shown here: its description, collections and stories."
    />
  );
}
