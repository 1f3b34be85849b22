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

function hint(status: SubdomainStatus, value: string, takenText: string): string {
  const subdomain = finalSubdomain(value);
  if (!subdomain)
    return `Lower-case letters, digits and hyphens; ${SUBDOMAIN_MIN} to ${SUBDOMAIN_MAX} characters.`;
  // The API's own words for a form it refuses (too short, reserved …); otherwise someone has it.
  if (status === 'taken') return subdomainFormProblem(subdomain) ?? takenText;
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
  /** What stands between the host and the subdomain: a user's home is '/@{subdomain}', a publication's '/{subdomain}'. */
  addressPrefix?: '/@' | '/';
  /** The preview's example before anything is typed. */
  placeholder?: string;
  /** Words before the address in the preview. */
  previewLead?: string;
  /** The hint when someone else has the address. */
  takenText?: string;
  /** A form's own alert under the field (SPEC §5: a required subdomain left blank). */
  alert?: string | null;
};

/** SPEC §2: the address shown as '{host}/@{subdomain}' (or '{host}/{subdomain}'), a slug while typing (§5). */
export function SubdomainField({
  value,
  onChange,
  status,
  disabled,
  autoFocus,
  label = 'Your address',
  addressPrefix = '/@',
  placeholder = 'your-name',
  previewLead = '',
  takenText = 'This subdomain is already taken.',
  alert,
}: SubdomainFieldProps) {
  const id = useId();
  const host = useHost();
  const shown = finalSubdomain(value) || placeholder;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.subdomainRow} data-status={status}>
        <span className={styles.subdomainPrefix} aria-hidden="true">
          {/* Until the host is known (the server's render): '@' or '/' alone. */}
          {host ? `${host}${addressPrefix}` : addressPrefix.slice(1) || addressPrefix}
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
          aria-describedby={`${id}-hint${alert ? ` ${id}-alert` : ''}`}
          aria-invalid={status === 'taken' || Boolean(alert) || undefined}
        />
        <SubdomainStatusIcon status={status} />
      </div>
      <p id={`${id}-hint`} className={status === 'taken' ? 'field-error' : 'field-hint'} aria-live="polite">
        {hint(status, value, takenText)}
      </p>
      {alert ? (
        <p id={`${id}-alert`} className="field-error" role="alert">
          {alert}
        </p>
      ) : null}
      <p className={styles.subdomainPreview}>
        {previewLead}
        {host || 'lamplight'}
        {addressPrefix}
        <strong>{shown}</strong>
      </p>
    </div>
  );
}
