import Link from '@/components/ui/link';
import { LampMark } from '@/components/ui/icons';
import styles from './logo.module.css';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link href="/" className={styles.logo} aria-label="Lamplight home">
      <LampMark size={28} />
      <span className={compact ? 'visually-hidden' : styles.wordmark}>Lamplight</span>
    </Link>
  );
}
