// A response's text as readers see it: paragraphs and line breaks kept, web links and @handles made
// links at render (the stored text is never HTML; React renders every piece as text).
import Link from '@/components/ui/link';
import { linkifyText } from './linkify';
import styles from './responses.module.css';

export function ResponseText({ text }: { text: string }) {
  return (
    <div className={styles.text}>
      {text.split(/\n{2,}/).map((paragraph, p) => (
        <p key={p}>
          {linkifyText(paragraph).map((piece, i) =>
            piece.kind === 'link' ? (
              <a key={i} href={piece.href} rel="nofollow ugc noopener" target="_blank">
                {piece.text}
              </a>
            ) : piece.kind === 'mention' ? (
              <Link key={i} href={`/@${piece.handle}`} className={styles.mention}>
                {piece.text}
              </Link>
            ) : (
              <span key={i}>{piece.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
