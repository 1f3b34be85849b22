'use client';

// The name and bio fields of a profile, as the edit-profile page and onboarding step 1 show them.
// Their limits and the blank-name message are the API's (users.schema.ts).
import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { USER_BIO_MAX, USER_NAME_BLANK, USER_NAME_MAX } from '@/server/modules/users/users.schema';

type NameBioFieldsProps = {
  name: string;
  onNameChange: (name: string) => void;
  description: string;
  onDescriptionChange: (description: string) => void;
  disabled?: boolean;
  bioRows: number;
  /** Say so under the name when it is blank (the page; onboarding only disables Continue). */
  flagBlankName?: boolean;
  /** Shown under the bio, e.g. a character counter. */
  bioHint?: ReactNode;
};

export function NameBioFields(props: NameBioFieldsProps) {
  const blankName = Boolean(props.flagBlankName) && props.name.trim() === '';
  return (
    <>
      <Field label="Name" error={blankName ? USER_NAME_BLANK : null}>
        {(control) => (
          <input
            {...control}
            value={props.name}
            onChange={(event) => props.onNameChange(event.target.value)}
            maxLength={USER_NAME_MAX}
            required
            disabled={props.disabled}
            autoComplete="name"
          />
        )}
      </Field>
      <Field label="Bio" hint={props.bioHint}>
        {(control) => (
          <textarea
            {...control}
            value={props.description}
            onChange={(event) => props.onDescriptionChange(event.target.value)}
            maxLength={USER_BIO_MAX}
            rows={props.bioRows}
            disabled={props.disabled}
            placeholder="A sentence or two about you and what you write."
          />
        )}
      </Field>
    </>
  );
}
