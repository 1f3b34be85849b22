'use client';

// SPEC §2 share widget: the story's feature image (40×40) and title; copy link, e-mail and print;
// share links to Facebook, Twitter, WhatsApp, LinkedIn, Reddit, Telegram and Pinterest.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useCopyText } from '@/components/ui/use-copy-text';
import { SHARE_NETWORKS, shareMailto, shareUrl, type ShareTarget } from './share-links';
import { NetworkIcon } from './share-icons';
import styles from './share-widget.module.css';

export type ShareWidgetProps = ShareTarget;

export default function ShareWidgetDialog({ url, title, excerpt, imageUrl }: ShareWidgetProps) {
  const { closeDialog } = useDialog();
  const { state: copyState, copy } = useCopyText(2500);
  const target: ShareTarget = { url, title, excerpt, imageUrl };

  const onPrint = () => {
    closeDialog();
    // Let the dialog leave the page before the print preview captures it.
    setTimeout(() => window.print(), 50);
  };

  return (
    <DialogShell title="Share this story" size="small">
      <div className={styles.story}>
        {imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a 40×40 thumbnail of any host's image
          <img className={styles.thumb} src={imageUrl} alt="" width={40} height={40} />
        ) : (
          <span className={`${styles.thumb} ${styles.thumbEmpty}`} aria-hidden="true" />
        )}
        <p className={styles.title}>{title}</p>
      </div>

      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => void copy(url)}>
          <ActionIcon kind="link" />
          {copyState === 'copied' ? 'Link copied' : 'Copy link'}
        </button>
        <a className={styles.action} href={shareMailto(target)}>
          <ActionIcon kind="mail" />
          E-mail
        </a>
        <button type="button" className={styles.action} onClick={onPrint}>
          <ActionIcon kind="print" />
          Print
        </button>
      </div>
      <p className={styles.feedback} role="status" aria-live="polite">
        {copyState === 'copied' ? 'The link is on your clipboard.' : null}
        {copyState === 'failed' ? `Copy this link: ${url}` : null}
      </p>

      <ul className={styles.networks} aria-label="Share on">
        {SHARE_NETWORKS.map((network) => (
          <li key={network.id}>
            <a
              className={styles.network}
              href={shareUrl(network.id, target)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${network.label}`}
              data-network={network.id}
            >
              <NetworkIcon network={network.id} />
              <span className={styles.networkLabel}>{network.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </DialogShell>
  );
}

function ActionIcon({ kind }: { kind: 'link' | 'mail' | 'print' }) {
  const paths = {
    link: 'M8.5 11.5l3-3M7 9.5l-1.8 1.8a2.6 2.6 0 003.7 3.7l1.8-1.8M13 10.5l1.8-1.8a2.6 2.6 0 00-3.7-3.7L9.3 6.8',
    mail: 'M3.5 5.5h13v9h-13zM3.5 5.5l6.5 5 6.5-5',
    print: 'M6 8V3.5h8V8M6 14H4.5v-6h11v6H14M6 11.5h8v5H6z',
  } as const;
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={paths[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
