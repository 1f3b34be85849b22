import Image from 'next/image';
import styles from './avatar.module.css';

type AvatarProps = {
  name?: string | null;
  image?: string | null;
  size?: number;
  className?: string;
  /** 'round' for people; 'square' (rounded corners) for a publication's logo, which is rarely round. */
  shape?: 'round' | 'square';
  /** A hairline ring, so a white picture does not melt into the page. */
  ringed?: boolean;
};

/** The letters the avatar shows when there is no picture: first and last name's first letters. */
export function avatarInitials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = Array.from(parts[0])[0] ?? '';
  const last = parts.length > 1 ? (Array.from(parts[parts.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

// The initials' size against the picture's: a logo's serif letters run a little wider.
const SHAPE = {
  round: { picture: styles.round, initials: styles.roundInitials, letterScale: 0.4 },
  square: { picture: styles.square, initials: styles.squareInitials, letterScale: 0.36 },
};

/** A picture, or the initials of its name on a warm tint. Decorative: the caller names it. */
export function Avatar({ name, image, size = 32, className, shape = 'round', ringed }: AvatarProps) {
  const look = SHAPE[shape];
  const classes = [styles.avatar, look.picture, ringed && styles.ringed, className].filter(Boolean).join(' ');
  const style = { width: size, height: size, fontSize: Math.round(size * look.letterScale) };
  if (image) {
    return (
      <Image className={classes} src={image} alt="" width={size} height={size} style={style} unoptimized />
    );
  }
  return (
    <span className={`${classes} ${styles.initials} ${look.initials}`} style={style} aria-hidden="true">
      {avatarInitials(name)}
    </span>
  );
}
