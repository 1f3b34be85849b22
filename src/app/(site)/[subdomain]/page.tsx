import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { subdomainFormProblem } from '@/server/modules/subdomains/reserved-subdomains';
import { safeDecode } from '@/lib/url';
import {
  PublicationRoute,
  publicationRouteMetadata,
  type PublicationSearchParams,
} from './publication-route';

// /{subdomain}: a publication's home (SPEC §2: the target after a publication is created). Every static
// route wins over this segment; anything that cannot be a subdomain is a 404.
// '/@{subdomain}' also lands here when no rewrite sends it to /u/{subdomain} first.

type Props = { params: Promise<{ subdomain: string }>; searchParams: PublicationSearchParams };

function parse(raw: string): { kind: 'user' | 'publication'; subdomain: string } | null {
  const value = safeDecode(raw).toLowerCase();
  const kind = value.startsWith('@') ? 'user' : 'publication';
  const subdomain = kind === 'user' ? value.slice(1) : value;
  return subdomainFormProblem(subdomain) === null ? { kind, subdomain } : null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const parsed = parse((await params).subdomain);
  if (!parsed || parsed.kind === 'user') return {};
  return publicationRouteMetadata({ by: 'subdomain', value: parsed.subdomain }, searchParams);
}

export default async function SubdomainPage({ params, searchParams }: Props) {
  const parsed = parse((await params).subdomain);
  if (!parsed) notFound();
  if (parsed.kind === 'user') permanentRedirect(`/@${parsed.subdomain}`);
  return (
    <PublicationRoute address={{ by: 'subdomain', value: parsed.subdomain }} searchParams={searchParams} />
  );
}
