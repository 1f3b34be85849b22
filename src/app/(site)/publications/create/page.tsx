import type { Metadata } from 'next';
import { CreatePublicationSignIn } from '@/components/publications/public/create-publication-sign-in';
import { CreatePublicationView } from '@/components/publications/public/create-publication-view';
import { getPageActor } from '@/server/auth/page-actor';

export const metadata: Metadata = { title: 'Create a publication', robots: { index: false } };

// SPEC §2 /publications/create: the new-publication form; signed-out visitors are asked to sign in.
export default async function CreatePublicationPage() {
  const actor = await getPageActor();
  return actor ? <CreatePublicationView /> : <CreatePublicationSignIn />;
}
