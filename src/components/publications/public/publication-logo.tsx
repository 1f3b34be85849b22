import Image from 'next/image';
import { avatarInitials } from '@/components/ui/avatar';
import styles from './publication-logo.module.css';

type PublicationLogoProps = {
  name: string;
  image: string | null;
  size: number;
  className?: string;
};

/**
 * A publication's logo: its picture in a rounded square (logos are rarely round), or its initials on
 * the warm tint the avatars use. Decorative: the name is always written next to it.
 */
export function PublicationLogo({ name, image, size, className }: PublicationLogoProps) {
  const classes = `${styles.logo} ${className ?? ''}`;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.36) };
  if (image) {
    return (
      <Image className={classes} src={image} alt="" width={size} height={size} style={style} unoptimized />
    );
  }
  return (
    <span className={`${classes} ${styles.initials}`} style={style} aria-hidden="true">
      {avatarInitials(name)}
    </span>
  );
}
