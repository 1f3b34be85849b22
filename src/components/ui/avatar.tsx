import Image from 'next/image';
import styles from './avatar.module.css';

type AvatarProps = {
  name?: string | null;
  image?: string | null;
  size?: number;
  className?: string;
};

/** The letters the avatar shows when there is no picture: first and last name's first letters. */
export function avatarInitials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = Array.from(parts[0])[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A round user picture, or the user's initials on a warm tint. Decorative: the caller names it. */
export function Avatar({ name, image, size = 32, className }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (image) {
    return (
      <Image
        className={`${styles.avatar} ${className ?? ''}`}
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
    <span
      className={`${styles.avatar} ${styles.initials} ${className ?? ''}`}
      style={style}
      aria-hidden="true"
    >
      {avatarInitials(name)}
    </span>
  );
}
