import Link from '@/components/ui/link';
import { LampMark } from '@/components/ui/icons';
import styles from './bare.module.css';

export function BrandLink() {
  return (
    <Link href="/" className={styles.brand} aria-label="Lamplight home">
      <LampMark size={26} />
      <span aria-hidden="true">Lamplight</span>
    </Link>
  );
}
