import { describe, expect, it } from 'vitest';
import { absoluteUrl, publicAddress, shareMailto, shareUrl, SHARE_NETWORKS } from './share-links';

const target = {
  url: 'https://lamplight.example/stories/grace-and-peace-AbCdEfGhIjKlMnOpQrStU',
  title: 'Grace & Peace: "Day 1"',
  excerpt: 'Rest in His promises — today & always?',
  imageUrl: 'https://lamplight.example/uploads/a b.png',
};
const e = encodeURIComponent;

describe('share widget links (SPEC §2)', () => {
  it('uses each network’s share URL with the address and the title, URL-encoded', () => {
    expect(shareUrl('facebook', target)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${e(target.url)}&quote=${e(target.title)}`,
    );
    expect(shareUrl('twitter', target)).toBe(
      `https://twitter.com/intent/tweet?url=${e(target.url)}&text=${e(target.title)}`,
    );
    expect(shareUrl('whatsapp', target)).toBe(
      `https://api.whatsapp.com/send?text=${e(`${target.title} ${target.url}`)}`,
    );
    expect(shareUrl('linkedin', target)).toBe(
      `https://www.linkedin.com/shareArticle?mini=true&url=${e(target.url)}&title=${e(target.title)}`,
    );
    expect(shareUrl('reddit', target)).toBe(
      `https://www.reddit.com/submit?url=${e(target.url)}&title=${e(target.title)}`,
    );
  });

  it('shares the excerpt as text on Telegram and Pinterest', () => {
    expect(shareUrl('telegram', target)).toBe(
      `https://t.me/share/url?url=${e(target.url)}&text=${e(target.excerpt)}`,
    );
    expect(shareUrl('pinterest', target)).toBe(
      `https://pinterest.com/pin/create/button/?url=${e(target.url)}&media=${e(target.imageUrl)}&description=${e(target.excerpt)}`,
    );
    expect(shareUrl('pinterest', { ...target, imageUrl: null })).not.toContain('media=');
  });

  it('mails subject = title and body "Check out this site: {url}"', () => {
    const mail = new URL(shareMailto(target));
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(target.title);
    expect(mail.searchParams.get('body')).toBe(`Check out this site: ${target.url}`);
  });

  it('lists the seven networks in SPEC order, and builds public addresses', () => {
    expect(SHARE_NETWORKS.map((n) => n.label)).toEqual([
      'Facebook',
      'Twitter',
      'WhatsApp',
      'LinkedIn',
      'Reddit',
      'Telegram',
      'Pinterest',
    ]);
    expect(publicAddress('https://x.example/', '/stories/a')).toBe('https://x.example/stories/a');
    expect(absoluteUrl('/uploads/p.png', 'https://x.example')).toBe('https://x.example/uploads/p.png');
    expect(absoluteUrl('https://cdn.example/p.png', 'https://x.example')).toBe('https://cdn.example/p.png');
    expect(absoluteUrl(null, 'https://x.example')).toBeNull();
  });
});
