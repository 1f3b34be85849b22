'use client';

// The profile part of /publications/{id}/edit: logo, name, description, background image and
// language. Save sends the background image with PATCH /api/publications/updateBackgroundImage
// (SPEC §7) and the rest with PATCH /api/publications/{id}, then 'Saved successfully' (SPEC §8).
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_DESCRIPTION_REQUIRED,
  PUBLICATION_NAME_MAX,
  PUBLICATION_NAME_REQUIRED,
} from '@/server/modules/publications/publications.limits';
import type { UpdatePublicationInput } from '@/server/modules/publications/publications.schema';
import { updateBackgroundImage, updatePublication, type Publication } from './manage-api';
import { PublicationImageField } from './publication-image-field';
import styles from './publication-profile-form.module.css';

/** The languages a publication is written in (the site's two display languages, SPEC §1). */
const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文 (Chinese)' },
];

type Profile = Pick<Publication, 'name' | 'description' | 'image' | 'backgroundImage' | 'languageCode'>;

const profileOf = (publication: Profile): Profile => ({
  name: publication.name,
  description: publication.description,
  image: publication.image,
  backgroundImage: publication.backgroundImage,
  languageCode: publication.languageCode,
});

/** The profile fields that differ from the saved ones (trimmed as the server stores them). */
function changesOf(saved: Profile, draft: Profile): UpdatePublicationInput {
  return {
    ...(draft.name.trim() !== saved.name && { name: draft.name.trim() }),
    ...(draft.description.trim() !== saved.description && { description: draft.description.trim() }),
    ...(draft.image !== saved.image && { image: draft.image }),
    ...(draft.languageCode !== saved.languageCode && { languageCode: draft.languageCode }),
  };
}

export function PublicationProfileForm({ publication }: { publication: Publication }) {
  const router = useRouter();
  const { showMessage } = useDialog();
  const [saved, setSaved] = useState<Profile>(() => profileOf(publication));
  const [draft, setDraft] = useState<Profile>(saved);
  const [uploads, setUploads] = useState(0);
  const set = (change: Partial<Profile>) => setDraft((current) => ({ ...current, ...change }));
  const uploading = (on: boolean) => setUploads((n) => n + (on ? 1 : -1));

  const changes = changesOf(saved, draft);
  const backgroundChanged = draft.backgroundImage !== saved.backgroundImage;
  const dirty = backgroundChanged || Object.keys(changes).length > 0;
  const nameError = draft.name.trim() ? null : PUBLICATION_NAME_REQUIRED;
  const descriptionError = draft.description.trim() ? null : PUBLICATION_DESCRIPTION_REQUIRED;

  const save = useMutation(
    async () => {
      let latest: Publication | null = null;
      if (backgroundChanged) latest = await updateBackgroundImage(publication.id, draft.backgroundImage);
      if (Object.keys(changes).length > 0) latest = await updatePublication(publication.id, changes);
      return latest;
    },
    {
      onSuccess: (latest) => {
        const next = latest ? profileOf(latest) : draft;
        setSaved(next);
        setDraft(next);
        router.refresh(); // the page's head shows the new name and logo
        showMessage('Saved successfully'); // SPEC §8, word for word
      },
    },
  );
  const busy = save.busy;
  const blocked = busy || uploads > 0 || !dirty || Boolean(nameError || descriptionError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) void save.run();
  };

  const languages = LANGUAGES.some((l) => l.code === draft.languageCode)
    ? LANGUAGES
    : [...LANGUAGES, { code: draft.languageCode, label: draft.languageCode }];

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Publication profile">
      <PublicationImageField
        kind="logo"
        name={draft.name}
        value={draft.image}
        onChange={(image) => set({ image })}
        disabled={busy}
        onUploadingChange={uploading}
      />
      <Field label="Publication name" error={nameError}>
        {(control) => (
          <input
            {...control}
            value={draft.name}
            onChange={(event) => set({ name: event.target.value })}
            maxLength={PUBLICATION_NAME_MAX}
            required
            disabled={busy}
          />
        )}
      </Field>
      <Field
        label="Publication description"
        error={descriptionError}
        hint={
          <span className={styles.counter}>
            {draft.description.length}/{PUBLICATION_DESCRIPTION_MAX}
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            value={draft.description}
            onChange={(event) => set({ description: event.target.value })}
            maxLength={PUBLICATION_DESCRIPTION_MAX}
            rows={4}
            required
            disabled={busy}
          />
        )}
      </Field>
      <PublicationImageField
        kind="background"
        name={draft.name}
        value={draft.backgroundImage}
        onChange={(backgroundImage) => set({ backgroundImage })}
        disabled={busy}
        onUploadingChange={uploading}
      />
      <Field label="Language" hint="The language its stories are written in; the listing filters by it.">
        {(control) => (
          <select
            {...control}
            value={draft.languageCode}
            onChange={(event) => set({ languageCode: event.target.value })}
            disabled={busy}
          >
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className={styles.formActions}>
        {dirty && !busy ? (
          <Button variant="ghost" onClick={() => setDraft(saved)}>
            Discard changes
          </Button>
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Saving…" disabled={blocked}>
          Save
        </Button>
      </div>
    </form>
  );
}
