'use client';

// The home page's language button: opens the language-reign dialog (SPEC §2).
import { useDialog } from '@/components/dialogs/dialog-provider';
import { READER_LANGUAGE_NAMES, type ReaderLanguage } from '@/server/lib/reader-language';
import styles from './home-feeds.module.css';

export function LanguageSwitch({ current, userId }: { current: ReaderLanguage; userId: string | null }) {
  const { openDialog } = useDialog();
  return (
    <button
      type="button"
      className={styles.languageButton}
      onClick={() => openDialog('language-reign', { current, userId })}
      aria-haspopup="dialog"
    >
      Language: <span lang={current}>{READER_LANGUAGE_NAMES[current]}</span>
    </button>
  );
}
