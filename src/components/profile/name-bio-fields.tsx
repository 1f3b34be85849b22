'use client';

// The name and bio fields of a profile, as the edit-profile page and onboarding step 1 show them.
import { useId, type ReactNode } from 'react';

export const NAME_MAX = 80;
export const BIO_MAX = 500;

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
  const nameId = useId();
  const bioId = useId();
  const blankName = Boolean(props.flagBlankName) && props.name.trim() === '';
  return (
    <>
      <div className="field">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          value={props.name}
          onChange={(event) => props.onNameChange(event.target.value)}
          maxLength={NAME_MAX}
          required
          disabled={props.disabled}
          autoComplete="name"
          aria-invalid={blankName || undefined}
        />
        {blankName ? <p className="field-error">Please enter your name.</p> : null}
      </div>
      <div className="field">
        <label htmlFor={bioId}>Bio</label>
        <textarea
          id={bioId}
          value={props.description}
          onChange={(event) => props.onDescriptionChange(event.target.value)}
          maxLength={BIO_MAX}
          rows={props.bioRows}
          disabled={props.disabled}
          placeholder="A sentence or two about you and what you write."
        />
        {props.bioHint}
      </div>
    </>
  );
}
