'use client';

// SPEC §2 language-reign: the reader picks the language of the home page's stories (and of its
// dates). A cookie keeps the choice, which the home page (the same HTML for every reader of a
// language, decision 031) is chosen by; signed in, it is saved as the profile's preferLanguageCode
// too (PATCH /api/users/{id}). The page then reloads in that language.
import { useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  READER_LANGUAGE_NAMES,
  READER_LANGUAGES,
  type ReaderLanguage,
} from '@/server/lib/reader-language';
import { savePreferredLanguage } from './home-api';
import styles from './home-feeds.module.css';

export default function LanguageReignDialog({ current, userId }: DialogPropsMap['language-reign']) {
  const [chosen, setChosen] = useState<ReaderLanguage>(current);
  const save = useMutation(
    async () => {
      if (userId) await savePreferredLanguage(userId, chosen);
      document.cookie = `${LANGUAGE_COOKIE}=${chosen}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
    },
    { showError: 'inline', onSuccess: () => window.location.reload() },
  );

  return (
    <DialogShell title="Language" size="small">
      <form
        className={styles.languageForm}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <fieldset className={styles.languageChoices} disabled={save.busy}>
          <legend>Show stories in</legend>
          {READER_LANGUAGES.map((language) => (
            <label key={language} className={styles.languageChoice} lang={language}>
              <input
                type="radio"
                name="language"
                value={language}
                checked={chosen === language}
                onChange={() => setChosen(language)}
              />
              {READER_LANGUAGE_NAMES[language]}
            </label>
          ))}
        </fieldset>
        {save.error ? (
          <p className={styles.error} role="alert">
            {save.error}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <Button type="submit" busy={save.busy} busyLabel="Saving…">
            Save
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
