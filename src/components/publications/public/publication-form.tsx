'use client';

// SPEC §2 new publication (the new-publication dialog and /publications/create share it): logo
// upload, Publication Name *, Subdomain * with its address and live availability, Publication
// Description *, Create. SPEC §5: a blank required field raises its alert and the request still
// proceeds — the server then refuses it (400) and says why. 'Publication created!' then /{subdomain}.
import { useSession } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { SubdomainField } from '@/components/profile/subdomain-field';
import { finalSubdomain, useSubdomainCheck } from '@/components/profile/use-subdomain-check';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { refreshMyPublications } from '@/components/users/use-my-profile';
import {
  PUBLICATION_CREATED,
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_DESCRIPTION_REQUIRED,
  PUBLICATION_NAME_MAX,
  PUBLICATION_NAME_REQUIRED,
  PUBLICATION_SUBDOMAIN_REQUIRED,
} from '@/server/modules/publications/publications.limits';
import { LogoField } from './logo-field';
import { createPublication } from './publications-public-api';
import styles from './publication-form.module.css';

type Alerts = { name: string | null; subdomain: string | null; description: string | null };
const NO_ALERTS: Alerts = { name: null, subdomain: null, description: null };

type PublicationFormProps = {
  /**
   * In the dialog a server refusal is shown inside it (the message dialog would replace it, and the
   * typed fields with it); on the page it goes to the return-message dialog (SPEC §8).
   */
  variant: 'dialog' | 'page';
  onCancel?: () => void;
};

export function PublicationForm({ variant, onCancel }: PublicationFormProps) {
  const router = useRouter();
  const { data: session } = useSession();
  const { showMessage } = useDialog();
  const [name, setName] = useState('');
  const [subdomain, setSubdomain] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [alerts, setAlerts] = useState<Alerts>(NO_ALERTS);
  const availability = useSubdomainCheck(subdomain, null);

  const create = useMutation(createPublication, {
    showError: variant === 'dialog' ? 'inline' : 'message',
    onSuccess: (publication) => {
      // The user menu lists the new publication at once, not after a reload.
      refreshMyPublications();
      router.push(`/${publication.subdomain}`);
      showMessage(PUBLICATION_CREATED);
    },
  });
  const busy = create.busy;
  // As in onboarding: an address known to be unavailable (or still being checked) cannot be sent.
  const addressBlocked = availability === 'taken' || availability === 'checking';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || uploading || addressBlocked) return;
    const chosen = finalSubdomain(subdomain);
    setAlerts({
      name: name.trim() ? null : PUBLICATION_NAME_REQUIRED,
      subdomain: chosen ? null : PUBLICATION_SUBDOMAIN_REQUIRED,
      description: description.trim() ? null : PUBLICATION_DESCRIPTION_REQUIRED,
    });
    void create.run({
      name,
      image,
      description,
      subdomain: chosen,
      createdTime: Date.now(),
      languageCode: session?.user.preferLanguageCode || 'en',
    });
  }

  const edited = (field: keyof Alerts) => {
    if (alerts[field]) setAlerts((current) => ({ ...current, [field]: null }));
    create.clearError();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New publication">
      <LogoField
        name={name}
        value={image}
        onChange={setImage}
        disabled={busy}
        onUploadingChange={setUploading}
      />
      <Field label="Publication Name *" error={alerts.name}>
        {(control) => (
          <input
            {...control}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              edited('name');
            }}
            maxLength={PUBLICATION_NAME_MAX}
            disabled={busy}
            autoComplete="off"
            autoFocus={variant === 'dialog'}
          />
        )}
      </Field>
      {/* SPEC §2 Subdomain *: the publication's address '{host}/{subdomain}' (a user's is '{host}/@…'). */}
      <SubdomainField
        label="Subdomain *"
        addressPrefix="/"
        placeholder="your-publication"
        previewLead="Your publication’s address: "
        takenText="This address is already taken."
        value={subdomain}
        onChange={(value) => {
          setSubdomain(value);
          edited('subdomain');
        }}
        status={availability}
        alert={alerts.subdomain}
        disabled={busy}
      />
      <Field
        label="Publication Description *"
        hint="What readers will find here, in a sentence or two."
        error={alerts.description}
      >
        {(control) => (
          <textarea
            {...control}
            className={styles.description}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              edited('description');
            }}
            maxLength={PUBLICATION_DESCRIPTION_MAX}
            rows={4}
            disabled={busy}
          />
        )}
      </Field>
      {create.error ? (
        <p className="field-error" role="alert">
          {create.error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Creating…" disabled={uploading || addressBlocked}>
          Create
        </Button>
      </div>
    </form>
  );
}
