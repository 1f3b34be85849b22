// The one button of every form and dialog: the site's button styles (globals.css) by variant, and a
// busy state that disables it and, where SPEC §2 asks for it, shows 'Loading...' instead of its label.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'dark' | 'outline' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'regular' | 'small';
  /** A request for this button is in flight: it is disabled and announced as busy. */
  busy?: boolean;
  /** Shown instead of the label while busy (SPEC §2: 'Loading...' on the subscription submit). */
  busyLabel?: ReactNode;
};

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: 'button-primary',
  dark: 'button-dark',
  outline: 'button-outline',
  ghost: 'button-ghost',
  danger: styles.danger,
};

export function Button({
  variant = 'primary',
  size = 'regular',
  busy = false,
  busyLabel,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button', VARIANT_CLASS[variant], size === 'small' && 'button-small', className];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
