// A labelled form control with its hint and error, wired for assistive technology: the label names
// the control, the hint and error describe it, and an error marks it invalid. The control itself is
// the caller's (input, textarea, select), rendered with the props this passes it.
import { useId, type ReactNode } from 'react';

export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

export type FieldProps = {
  label: ReactNode;
  /** Keep the label for screen readers only (the placeholder or the layout already says it). */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** What is wrong with the value, in the words of the module's schema (SPEC §5). */
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, hideLabel, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children({
        id,
        ...(describedBy && { 'aria-describedby': describedBy }),
        ...(error && { 'aria-invalid': true }),
      })}
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
