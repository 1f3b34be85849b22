// Small inline icons (no icon font, no CDN). All decorative: the control around them carries the name.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function base({ size = 20, ...rest }: IconProps) {
  return {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
    ...rest,
  };
}

export const SearchIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </svg>
);

export const WriteIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M14 4l6 6M4 20l1.5-5.5L15.5 4.5a2 2 0 0 1 2.8 0l1.2 1.2a2 2 0 0 1 0 2.8L9.5 18.5 4 20z" />
  </svg>
);

export const HomeIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M4 10.5L12 4l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1v-9.5z" />
  </svg>
);

export const UserIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20.5c1.2-3.8 4-5.5 7.5-5.5s6.3 1.7 7.5 5.5" />
  </svg>
);

export const BookIcon = (p: IconProps) => (
  <svg {...base(p)}>
    <path d="M12 6.5C10.5 5 8 4.5 4 4.5v14c4 0 6.5.5 8 2 1.5-1.5 4-2 8-2v-14c-4 0-6.5.5-8 2zM12 6.5v14" />
  </svg>
);

export const ChevronDownIcon = (p: IconProps) => (
  <svg {...base({ size: 16, ...p })}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);

/** The Lamplight mark: a flame inside a soft glow. */
export const LampMark = ({ size = 28, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable={false} {...rest}>
    <circle cx="16" cy="16" r="15" fill="var(--color-glow)" />
    <path
      d="M16 5.5c.8 4.2 6.2 6.6 6.2 12.2A6.2 6.2 0 0 1 16 23.9a6.2 6.2 0 0 1-6.2-6.2c0-3.6 2.5-5.3 3.7-7.6.3 1.6 1 2.7 2.1 3.4C16.3 11 16.4 8.4 16 5.5z"
      fill="var(--color-accent)"
    />
    <path d="M16 16.2c1.3 1.3 2.4 2.3 2.4 3.7a2.4 2.4 0 0 1-4.8 0c0-1.4 1.1-2.4 2.4-3.7z" fill="#fff3dc" />
    <path d="M11.5 27h9" stroke="var(--color-accent-strong)" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);

/** The × of a dialog's or a toast's close button. */
export const CloseIcon = (p: IconProps) => (
  <svg {...base({ viewBox: '0 0 20 20', ...p })}>
    <path d="M5 5l10 10M15 5L5 15" />
  </svg>
);
