// SPEC §2 share widget: the address is the public host plus the story's path; the e-mail carries
// subject = title and body 'Check out this site: {url}'; Telegram and Pinterest share the excerpt as
// text, the other networks the title. Each network's own share-URL format, every value URL-encoded.

export type ShareTarget = {
  /** Absolute address of the story: PUBLIC_URL + path. */
  url: string;
  title: string;
  excerpt: string;
  /** Absolute feature-image address (Pinterest pins an image), if the story has one. */
  imageUrl?: string | null;
};

export type ShareNetwork =
  'facebook' | 'twitter' | 'whatsapp' | 'linkedin' | 'reddit' | 'telegram' | 'pinterest';

export const SHARE_NETWORKS: readonly { id: ShareNetwork; label: string }[] = [
  { id: 'facebook', label: 'Facebook' },
  { id: 'twitter', label: 'Twitter' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'reddit', label: 'Reddit' },
  { id: 'telegram', label: 'Telegram' },
  { id: 'pinterest', label: 'Pinterest' },
];

const e = encodeURIComponent;

/** The share address of one network for the story. */
export function shareUrl(network: ShareNetwork, target: ShareTarget): string {
  const { url, title, excerpt } = target;
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(url)}&quote=${e(title)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(title)}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${e(`${title} ${url}`)}`;
    case 'linkedin':
      return `https://www.linkedin.com/shareArticle?mini=true&url=${e(url)}&title=${e(title)}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${e(url)}&title=${e(title)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${e(url)}&text=${e(excerpt)}`;
    case 'pinterest': {
      const media = target.imageUrl ? `&media=${e(target.imageUrl)}` : '';
      return `https://pinterest.com/pin/create/button/?url=${e(url)}${media}&description=${e(excerpt)}`;
    }
  }
}

/** mailto: with subject = title and body 'Check out this site: {url}' (SPEC §2). */
export function shareMailto(target: ShareTarget): string {
  return `mailto:?subject=${e(target.title)}&body=${e(`Check out this site: ${target.url}`)}`;
}

/** An absolute address for a stored image URL ('/uploads/…' lives on the public host). */
export function absoluteUrl(value: string | null | undefined, publicUrl: string): string | null {
  if (!value) return null;
  try {
    return new URL(value, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
  } catch {
    return null;
  }
}

/** PUBLIC_URL + path, without a doubled slash. */
export function publicAddress(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
