'use client';

import { useId, useSyncExternalStore } from 'react';
import { SUBDOMAIN_MAX, SUBDOMAIN_MIN, subdomainFormProblem } from '@/server/modules/users/users.schema';
import { finalSubdomain, subdomainInput, type SubdomainStatus } from './use-subdomain-check';
import styles from './profile.module.css';

const noop = () => () => undefined;

/** The site's host as the visitor sees it ('' while rendering on the server). */
export function useHost(): string {
  return useSyncExternalStore(
    noop,
    () => window.location.host,
    () => '',
  );
}

const LABEL: Record<SubdomainStatus, string> = {
  unknown: 'Not checked yet',
  checking: 'Checking…',
  available: 'Available',
  taken: 'Not available',
};

function hint(status: SubdomainStatus, value: string): string {
  const subdomain = finalSubdomain(value);
  if (!subdomain)
    return `Lower-case letters, digits and hyphens; ${SUBDOMAIN_MIN} to ${SUBDOMAIN_MAX} characters.`;
  // The API's own words for a form it refuses (too short, reserved …); otherwise someone has it.
  if (status === 'taken') return subdomainFormProblem(subdomain) ?? 'This subdomain is already taken.';
  if (status === 'available') return 'Available';
  if (status === 'checking') return 'Checking…';
  return 'Could not check this address just now.';
}

/** The live availability icon of SPEC §2/§4: unknown, available (ok), taken (error). */
export function SubdomainStatusIcon({ status }: { status: SubdomainStatus }) {
  return (
    <span
      className={styles.statusIcon}
      data-status={status}
      role="img"
      aria-label={LABEL[status]}
      title={LABEL[status]}
    >
      {status === 'available' ? (
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path
            d="M5.8 10.4l2.7 2.7 5.7-6"
            fill="none"
            stroke="#fff"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      ) : status === 'taken' ? (
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M7 7l6 6M13 7l-6 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
      ) : status === 'checking' ? (
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className={styles.spin}>
          <circle
            cx="10"
            cy="10"
            r="7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeDasharray="30 18"
          />
        </svg>
      ) : (
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M6.5 10h7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      )}
    </span>
  );
}

type SubdomainFieldProps = {
  value: string;
  onChange: (value: string) => void;
  status: SubdomainStatus;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
};

/** SPEC §2: the address shown as '{host}/@{subdomain}', turned into a slug while typing (§5). */
export function SubdomainField({
  value,
  onChange,
  status,
  disabled,
  autoFocus,
  label = 'Your address',
}: SubdomainFieldProps) {
  const id = useId();
  const host = useHost();
  const shown = finalSubdomain(value) || 'your-name';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.subdomainRow} data-status={status}>
        <span className={styles.subdomainPrefix} aria-hidden="true">
          {host ? `${host}/@` : '@'}
        </span>
        <input
          id={id}
          className={styles.subdomainInput}
          value={value}
          onChange={(event) => onChange(subdomainInput(event.target.value))}
          disabled={disabled}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={SUBDOMAIN_MAX + 1}
          aria-describedby={`${id}-hint`}
          aria-invalid={status === 'taken' || undefined}
        />
        <SubdomainStatusIcon status={status} />
      </div>
      <p id={`${id}-hint`} className={status === 'taken' ? 'field-error' : 'field-hint'} aria-live="polite">
        {hint(status, value)}
      </p>
      <p className={styles.subdomainPreview}>
        {host || 'lamplight'}/@<strong>{shown}</strong>
      </p>
    </div>
  );
}
