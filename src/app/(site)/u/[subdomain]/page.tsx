import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { UserHomePlaceholder } from '@/components/users/user-home-placeholder';
import { isSubdomainShape } from '@/lib/slug';
import { safeDecode } from '@/lib/url';

// Served for /@{subdomain} through a rewrite in next.config (a folder named @x would be a parallel-route slot).
export async function generateMetadata({ params }: { params: Promise<{ subdomain: string }> }): Promise<Metadata> {
  const { subdomain } = await params;
  return { title: `@${safeDecode(subdomain)}` };
}

export default async function UserHomePage({ params }: { params: Promise<{ subdomain: string }> }) {
  const subdomain = safeDecode((await params).subdomain).toLowerCase();
  if (!isSubdomainShape(subdomain)) notFound();
  return <UserHomePlaceholder subdomain={subdomain} />;
}
