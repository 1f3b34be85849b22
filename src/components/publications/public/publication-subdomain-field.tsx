'use client';

import { useId } from 'react';
import { SubdomainStatusIcon, useHost } from '@/components/profile/subdomain-field';
import {
  finalSubdomain,
  subdomainInput,
  type SubdomainStatus,
} from '@/components/profile/use-subdomain-check';
import { SUBDOMAIN_MAX, SUBDOMAIN_MIN, subdomainFormProblem } from '@/server/modules/users/users.schema';
import profileStyles from '@/components/profile/profile.module.css';

function hint(status: SubdomainStatus, subdomain: string): string {
  if (!subdomain) {
    return `Lower-case letters, digits and hyphens; ${SUBDOMAIN_MIN} to ${SUBDOMAIN_MAX} characters.`;
  }
  // The API's own words for a form it refuses (too short, reserved …); otherwise someone has it.
  if (status === 'taken') return subdomainFormProblem(subdomain) ?? 'This address is already taken.';
  if (status === 'available') return 'Available';
  if (status === 'checking') return 'Checking…';
  return 'Could not check this address just now.';
}

type PublicationSubdomainFieldProps = {
  value: string;
  onChange: (value: string) => void;
  status: SubdomainStatus;
  /** SPEC §5 'publication subdomain is required!' after a submit with none. */
  alert?: string | null;
  disabled?: boolean;
};

/**
 * SPEC §2 Subdomain *: the publication's address '{host}/{subdomain}' (a user's is '{host}/@…'), a slug
 * while typing and checked live exactly as onboarding does (useSubdomainCheck), with its status icon.
 */
export function PublicationSubdomainField({
  value,
  onChange,
  status,
  alert,
  disabled,
}: PublicationSubdomainFieldProps) {
  const id = useId();
  const host = useHost();
  const subdomain = finalSubdomain(value);
  const problem = status === 'taken';
  return (
    <div className="field">
      <label htmlFor={id}>Subdomain *</label>
      <div className={profileStyles.subdomainRow} data-status={status}>
        <span className={profileStyles.subdomainPrefix} aria-hidden="true">
          {host ? `${host}/` : '/'}
        </span>
        <input
          id={id}
          className={profileStyles.subdomainInput}
          value={value}
          onChange={(event) => onChange(subdomainInput(event.target.value))}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={SUBDOMAIN_MAX + 1}
          aria-describedby={`${id}-hint${alert ? ` ${id}-alert` : ''}`}
          aria-invalid={problem || Boolean(alert) || undefined}
        />
        <SubdomainStatusIcon status={status} />
      </div>
      <p id={`${id}-hint`} className={problem ? 'field-error' : 'field-hint'} aria-live="polite">
        {hint(status, subdomain)}
      </p>
      {alert ? (
        <p id={`${id}-alert`} className="field-error" role="alert">
          {alert}
        </p>
      ) : null}
      <p className={profileStyles.subdomainPreview}>
        Your publication’s address: {host || 'lamplight'}/<strong>{subdomain || 'your-publication'}</strong>
      </p>
    </div>
  );
}
