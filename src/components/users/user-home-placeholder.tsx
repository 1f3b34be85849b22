import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** /@{subdomain}: a writer's home (served from /u/{subdomain}). */
export function UserHomePlaceholder({ subdomain }: { subdomain: string }) {
  return (
    <PagePlaceholder
      title={`@${subdomain}`}
      purpose="This writer's home page will be shown here: their photo, bio and published stories."
    />
  );
}
