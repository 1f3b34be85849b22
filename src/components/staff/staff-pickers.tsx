// The staff area's choosers that live in the address (plain GET forms: they work before any script
// runs, and a choice is a link one can share): the (language, country) of the curated sets, and the
// publication whose devotion and trending stories are edited.
import { STORY_LANGUAGES } from '@/lib/detect-language';
import styles from './staff.module.css';

export function LocalePicker({ languageCode, countryCode }: { languageCode: string; countryCode: string }) {
  return (
    <form
      method="get"
      action="/admin"
      className={`${styles.card} ${styles.row}`}
      aria-label="Language and country"
    >
      <input type="hidden" name="section" value="curated" />
      <div className="field">
        <label htmlFor="curated-language">Language</label>
        <select id="curated-language" name="lang" className="input" defaultValue={languageCode}>
          {STORY_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="curated-country">Country (two letters)</label>
        <input
          id="curated-country"
          name="country"
          className="input"
          defaultValue={countryCode}
          pattern="[A-Za-z]{2}"
          maxLength={2}
          required
        />
      </div>
      <button type="submit" className="button button-outline">
        Show
      </button>
    </form>
  );
}

export function PublicationPicker({
  publications,
  current,
}: {
  publications: { id: string; name: string }[];
  current: string | null;
}) {
  return (
    <form method="get" action="/admin" className={`${styles.card} ${styles.row}`} aria-label="Publication">
      <input type="hidden" name="section" value="publications" />
      <div className="field">
        <label htmlFor="staff-publication">Publication</label>
        <select id="staff-publication" name="publication" className="input" defaultValue={current ?? ''}>
          <option value="" disabled>
            Choose a publication
          </option>
          {publications.map((publication) => (
            <option key={publication.id} value={publication.id}>
              {publication.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-outline">
        Show
      </button>
    </form>
  );
}
