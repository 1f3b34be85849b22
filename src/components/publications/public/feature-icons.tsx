import type { PublicationFeature } from './publication-features';

// One line-drawn icon per publication feature (decorative: the feature's title is beside it).
const PATHS: Record<PublicationFeature['id'], string> = {
  writing: 'M4 20h4l10.5-10.5a2.1 2.1 0 0 0-3-3L5 17v3zM13.5 7.5l3 3M9 4H4v5M20 15v5h-5',
  newsletters: 'M3 6.5h18v11H3zM3.5 7l8.5 6.5L20.5 7',
  subscribers:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.4 3.2-5.5 6.5-5.5s5.9 2.1 6.5 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c1.9.8 3.1 2.6 3.5 5.2',
  analytics: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
};

export function FeatureIcon({ id, size = 22 }: { id: PublicationFeature['id']; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[id]} />
    </svg>
  );
}
