'use client';

// The home page's language button: opens the language-reign dialog (SPEC §2).
import { useSession } from 'next-auth/react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { READER_LANGUAGE_NAMES, type ReaderLanguage } from '@/server/lib/reader-language';
import styles from './home-feeds.module.css';

export function LanguageSwitch({ current }: { current: ReaderLanguage }) {
  const { openDialog } = useDialog();
  // The page is the same for every reader (decision 031): who is signed in is the session's to say.
  const { data, status } = useSession();
  const userId = status === 'authenticated' ? (data?.user?.id ?? null) : null;
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
