import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Edit profile' };

export default function EditProfilePage() {
  return (
    <PagePlaceholder
      title="Edit profile"
      purpose="Here you will change your photo, name, bio and the address of your home page on Lamplight."
    />
  );
}
