'use client';

// The story's language (issue 11): English or Chinese, which sets how its dates read and which
// readers' feeds it joins. Detection from the text is only a hint the writer can take or leave.
import { useId } from 'react';
import { STORY_LANGUAGES, type StoryLanguage } from '@/lib/detect-language';
import styles from './story-dialogs.module.css';

type LanguageFieldProps = {
  value: StoryLanguage;
  onChange: (language: StoryLanguage) => void;
  /** What the title and body look like, or null when there is too little text to tell. */
  detected: StoryLanguage | null;
  disabled?: boolean;
};

const labelOf = (code: StoryLanguage) => STORY_LANGUAGES.find((language) => language.code === code)!.label;

/** "Looks like Chinese" names the language in plain words, without the native script. */
const HINT_NAME: Record<StoryLanguage, string> = { en: 'English', zh: 'Chinese' };

export function LanguageField({ value, onChange, detected, disabled }: LanguageFieldProps) {
  const selectId = useId();
  const hintId = useId();
  const suggest = detected && detected !== value ? detected : null;
  return (
    <div className={styles.fieldGroup}>
      <label htmlFor={selectId} className={styles.label}>
        Language
      </label>
      <select
        id={selectId}
        className="input"
        value={value}
        disabled={disabled}
        aria-describedby={suggest ? hintId : undefined}
        onChange={(event) => onChange(event.target.value as StoryLanguage)}
      >
        {STORY_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
      {suggest ? (
        <p id={hintId} className={`field-hint ${styles.languageHint}`} role="status">
          Looks like {HINT_NAME[suggest]}.{' '}
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={disabled}
            onClick={() => onChange(suggest)}
          >
            Use {labelOf(suggest)}
          </button>
        </p>
      ) : null}
    </div>
  );
}
