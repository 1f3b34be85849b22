'use client';

// The publication edit page's newsletter settings (issue 12 §1): turn the newsletter on (its topic is
// made then) or off, and the description its subscribe dialogs show (SPEC §2 default text until set).
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import manage from '@/components/publications/manage/manage-page.module.css';
import { Button } from '@/components/ui/button';
import {
  DEFAULT_NEWSLETTER_DESCRIPTION,
  NEWSLETTER_DESCRIPTION_MAX,
} from '@/server/modules/newsletters/newsletters.limits';
import { saveNewsletterSettings } from './newsletters-api';

type Props = {
  publicationId: string;
  hasNewsletters: boolean;
  newsletterDescription: string | null;
};

export function NewsletterSettings({ publicationId, hasNewsletters, newsletterDescription }: Props) {
  const switchId = useId();
  const textId = useId();
  const [on, setOn] = useState(hasNewsletters);
  const [description, setDescription] = useState(newsletterDescription ?? '');
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    () =>
      saveNewsletterSettings(publicationId, {
        hasNewsletters: on,
        newsletterDescription: description.trim() || null,
      }),
    { showError: 'inline', holdsDialog: false, onSuccess: () => setSaved(true) },
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    void save.run();
  };
  return (
    <section className={manage.section} aria-labelledby="newsletter-heading">
      <div className={manage.sectionHead}>
        <h2 id="newsletter-heading" className={manage.sectionTitle}>
          Newsletter
        </h2>
        <p className={manage.sectionLead}>
          Readers subscribe by e-mail and receive the stories you send them, at the time you choose.
        </p>
      </div>
      <form className={manage.form} onSubmit={onSubmit}>
        <label htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={on}
            disabled={save.busy}
            onChange={(e) => setOn(e.target.checked)}
          />{' '}
          Send a newsletter to subscribers
        </label>
        <label htmlFor={textId} className="field-label">
          Newsletter description
        </label>
        <textarea
          id={textId}
          className="input"
          rows={3}
          maxLength={NEWSLETTER_DESCRIPTION_MAX}
          placeholder={DEFAULT_NEWSLETTER_DESCRIPTION}
          value={description}
          disabled={save.busy}
          onChange={(e) => setDescription(e.target.value)}
        />
        {save.error ? (
          <p className="field-error" role="alert">
            {save.error}
          </p>
        ) : null}
        {saved ? <p role="status">Saved successfully</p> : null}
        <div className={manage.formActions}>
          <Button type="submit" busy={save.busy}>
            Save newsletter settings
          </Button>
        </div>
      </form>
    </section>
  );
}
