import Image from 'next/image';
import { avatarInitials } from '@/components/ui/avatar';
import styles from './manage.module.css';

/** A publication's logo in a rounded square, or its initials on a warm tint. Decorative: the caller names it. */
export function PublicationLogo({
  name,
  image,
  size = 48,
}: {
  name: string;
  image: string | null;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (image) {
    return (
      <Image
        className={styles.logo}
        src={image}
        alt=""
        width={size}
        height={size}
        style={style}
        unoptimized
      />
    );
  }
  return (
    <span className={`${styles.logo} ${styles.logoInitials}`} style={style} aria-hidden="true">
      {avatarInitials(name)}
    </span>
  );
}
