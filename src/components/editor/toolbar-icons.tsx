// Small stroke icons for the editor toolbar (inline SVG: no icon font, no download).
import type { ReactNode } from 'react';

const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 20 20"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M8.5 11.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2l-1 1" />
    <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-2.6 2.6a3 3 0 0 0 4.2 4.2l1-1" />
  </Icon>
);

export const BulletListIcon = () => (
  <Icon>
    <path d="M8 5.5h9M8 10h9M8 14.5h9" />
    <circle cx="4" cy="5.5" r="0.9" fill="currentColor" />
    <circle cx="4" cy="10" r="0.9" fill="currentColor" />
    <circle cx="4" cy="14.5" r="0.9" fill="currentColor" />
  </Icon>
);

export const OrderedListIcon = () => (
  <Icon>
    <path d="M8.5 5.5h8.5M8.5 10h8.5M8.5 14.5h8.5" />
    <path d="M3 4.2l1.2-.7v4M2.8 12.2c.3-.6 1-.9 1.6-.7.8.3.8 1.2.1 1.8L2.8 15.2h2.1" strokeWidth="1.2" />
  </Icon>
);

export const QuoteIcon = () => (
  <Icon>
    <path d="M4 4.5v11M8 6.5h8M8 10h8M8 13.5h5" />
  </Icon>
);

export const CodeBlockIcon = () => (
  <Icon>
    <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
    <path d="M8 8l-2 2 2 2M12 8l2 2-2 2" />
  </Icon>
);

export const InlineCodeIcon = () => (
  <Icon>
    <path d="M7 6l-4 4 4 4M13 6l4 4-4 4" />
  </Icon>
);

export const RuleIcon = () => (
  <Icon>
    <path d="M3 10h14" />
    <path d="M6 6h8M6 14h8" strokeOpacity="0.35" />
  </Icon>
);

export const ImageIcon = () => (
  <Icon>
    <rect x="2.5" y="3.5" width="15" height="13" rx="2" />
    <circle cx="7" cy="8" r="1.5" />
    <path d="M17.5 13l-4-4-7.5 7.5" />
  </Icon>
);
