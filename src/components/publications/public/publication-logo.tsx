import { Avatar } from '@/components/ui/avatar';

type PublicationLogoProps = {
  name: string;
  image: string | null;
  size: number;
  className?: string;
  ringed?: boolean;
};

/**
 * A publication's logo: its picture in a rounded square, or its initials. Decorative: the name is
 * always written next to it.
 */
export function PublicationLogo(props: PublicationLogoProps) {
  return <Avatar {...props} shape="square" />;
}
