import type { Metadata } from 'next';
import {
  PublicationRoute,
  publicationRouteMetadata,
  type PublicationSearchParams,
} from '../../[subdomain]/publication-route';

// SPEC §2 /publications/{id}: the publication page, the same as at /{subdomain} — which its canonical
// link names, so search engines keep one address.

type Props = { params: Promise<{ id: string }>; searchParams: PublicationSearchParams };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return publicationRouteMetadata({ by: 'id', value: (await params).id }, searchParams);
}

export default async function PublicationPage({ params, searchParams }: Props) {
  return <PublicationRoute address={{ by: 'id', value: (await params).id }} searchParams={searchParams} />;
}
