'use client';

// The verse preview of the story page's scripture links (issue 24 item 2): hovering a reference,
// focusing it or tapping it shows its passage — the display name, up to three verses in the story's
// translation, and "Read more" to the passage page. The links are plain links in the cached HTML
// (the server made them, docs/decisions/048); this part only listens on the document, so a page
// without JavaScript keeps plain links and nothing here changes the page's layout: the preview is
// laid over it. The text comes from the site's own cached endpoint, once per passage.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { SCRIPTURE_LINK_CLASS, passagePath, type PreviewTranslation } from '@/lib/scripture-links';
import { answeredPassagePreview, loadPassagePreview, type PassagePreview } from './scripture-api';
import { scriptureLabels } from './scripture-labels';
import styles from './scripture.module.css';

/** Verses shown in a preview; the passage page has the rest. */
export const PREVIEW_VERSES = 3;
const SHOW_AFTER_MS = 150;
const HIDE_AFTER_MS = 250;
const EDGE = 8;
const GAP = 6;
const LINK_SELECTOR = `a.${SCRIPTURE_LINK_CLASS}[data-osis]`;

type Props = {
  translation: PreviewTranslation;
  translationName: string;
  /** The story's language: the preview's words and its lang attribute. */
  language: string;
  /** Display names by OSIS id, in the story's language (the server's). */
  displays: Record<string, string>;
};

type Open = { link: HTMLAnchorElement; osis: string; via: 'hover' | 'focus' | 'tap' };
type Loaded = { key: string } & ({ state: 'ready'; passage: PassagePreview } | { state: 'failed' });

const linkOf = (target: EventTarget | null): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest<HTMLAnchorElement>(LINK_SELECTOR) : null;

export function ScripturePreview({ translation, translationName, language, displays }: Props) {
  const labels = scriptureLabels(language);
  const id = useId();
  const [open, setOpen] = useState<Open | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  // Bumped when the viewport changes size (a phone's address bar coming and going): place it again.
  const [viewportChanges, setViewportChanges] = useState(0);
  const popoverRef = useRef<HTMLDivElement>(null);
  const openRef = useRef<Open | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((link: HTMLAnchorElement, via: Open['via']) => {
    clearTimeout(timer.current);
    const osis = link.dataset.osis ?? '';
    if (!osis) return;
    if (openRef.current?.link === link) {
      // A tap or focus makes a hover preview stay until dismissed.
      if (via !== 'hover') openRef.current = { ...openRef.current, via };
      return;
    }
    const next = { link, osis, via };
    openRef.current = next;
    setOpen(next);
    setPosition(null);
  }, []);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    if (!openRef.current) return;
    openRef.current = null;
    setOpen(null);
  }, []);

  const later = useCallback((action: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  }, []);

  // The passage, once per passage and translation (the loader keeps what it fetched).
  const key = open ? `${translation}|${open.osis}` : null;
  useEffect(() => {
    if (!open || key === null) return;
    let current = true;
    loadPassagePreview(open.osis, translation).then(
      (passage) => current && setLoaded({ key, state: 'ready', passage }),
      () => current && setLoaded({ key, state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, key, translation]);

  // The link names the preview while it is open (screen readers read it with the link).
  useEffect(() => {
    if (!open) return;
    open.link.setAttribute('aria-describedby', `${id}-body`);
    return () => open.link.removeAttribute('aria-describedby');
  }, [open, id]);

  const answered = open ? answeredPassagePreview(open.osis, translation) : undefined;
  const shown: Loaded | null = answered
    ? { key: key ?? '', state: 'ready', passage: answered }
    : loaded && loaded.key === key
      ? loaded
      : null;
  const content = shown ? `${key}:${shown.state}` : `${key}:loading`;

  // Below the link, or above it when there is no room below; within the viewport's width.
  useLayoutEffect(() => {
    const popover = popoverRef.current;
    if (!open || !popover) return;
    const line = open.link.getClientRects()[0] ?? open.link.getBoundingClientRect();
    const viewportWidth = document.documentElement.clientWidth;
    const { offsetWidth: width, offsetHeight: height } = popover;
    const left = Math.max(EDGE, Math.min(line.left, viewportWidth - width - EDGE));
    const below = line.bottom + GAP;
    const above = line.top - GAP - height;
    const top = below + height > window.innerHeight - EDGE && above >= EDGE ? above : below;
    const next = { top: top + window.scrollY, left: left + window.scrollX };
    setPosition((now) => (now && now.top === next.top && now.left === next.left ? now : next));
  }, [open, content, viewportChanges]);

  useEffect(() => {
    let tapStartedOpen = false;
    let lastPointer = 'mouse';
    // The link whose preview Escape closed: focus coming back to it does not open it again.
    let dismissed: HTMLAnchorElement | null = null;
    const inPopover = (target: EventTarget | null) =>
      target instanceof Node && !!popoverRef.current?.contains(target);

    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      const link = linkOf(event.target);
      if (link) {
        if (openRef.current?.link === link) clearTimeout(timer.current);
        else later(() => show(link, 'hover'), SHOW_AFTER_MS);
      } else if (inPopover(event.target)) {
        clearTimeout(timer.current);
      }
    };
    const onPointerOut = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      const from = linkOf(event.target) ?? (inPopover(event.target) ? popoverRef.current : null);
      if (!from) return;
      const to = event.relatedTarget;
      const stays =
        (to instanceof Node && from.contains(to)) || inPopover(to) || linkOf(to) === openRef.current?.link;
      if (stays) return;
      if (openRef.current?.via === 'hover') later(hide, HIDE_AFTER_MS);
      else if (!openRef.current) clearTimeout(timer.current);
    };
    const onPointerDown = (event: PointerEvent) => {
      lastPointer = event.pointerType;
      const link = linkOf(event.target);
      tapStartedOpen = !!link && openRef.current?.link === link;
      if (openRef.current && !inPopover(event.target) && link !== openRef.current.link) hide();
    };
    // On touch the first tap shows the preview; a tap on the same link while it shows follows it.
    const onClick = (event: MouseEvent) => {
      const link = linkOf(event.target);
      if (!link || (lastPointer !== 'touch' && lastPointer !== 'pen')) return;
      if (tapStartedOpen) return;
      event.preventDefault();
      show(link, 'tap');
    };
    const onFocusIn = (event: FocusEvent) => {
      const link = linkOf(event.target);
      if (link && link !== dismissed) show(link, 'focus');
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.target === dismissed) dismissed = null;
      const current = openRef.current;
      if (!current || current.via !== 'focus') return;
      const to = event.relatedTarget;
      if (inPopover(to) || to === current.link) return;
      if (linkOf(event.target) === current.link || inPopover(event.target)) hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const current = openRef.current;
      if (!current) return;
      const readMore = popoverRef.current?.querySelector<HTMLAnchorElement>('a');
      if (event.key === 'Escape') {
        const focusWasHere = document.activeElement === current.link || inPopover(document.activeElement);
        hide();
        if (focusWasHere) {
          dismissed = current.link;
          current.link.focus({ preventScroll: true });
        }
      } else if (event.key === 'Tab' && readMore) {
        // The preview follows its link in the tab order: Tab from the link enters it, Tab from
        // "Read more" goes on to what follows the link, Shift+Tab returns to the link.
        if (document.activeElement === current.link && !event.shiftKey) {
          event.preventDefault();
          current.via = 'focus';
          readMore.focus();
        } else if (document.activeElement === readMore) {
          current.link.focus({ preventScroll: true });
          if (event.shiftKey) event.preventDefault();
        }
      }
    };
    const onResize = () => setViewportChanges((count) => count + 1);

    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('click', onClick);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer.current);
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('click', onClick);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', onResize);
    };
  }, [show, hide, later]);

  if (!open) return null;
  const display =
    displays[open.osis] ??
    (shown?.state === 'ready' ? shown.passage.display : null) ??
    open.link.textContent ??
    '';
  const verses = shown?.state === 'ready' ? shown.passage.verses.slice(0, PREVIEW_VERSES) : [];
  const cut =
    shown?.state === 'ready' && (shown.passage.more || shown.passage.verses.length > PREVIEW_VERSES);
  const numbered = verses.length > 1;

  return createPortal(
    <div
      ref={popoverRef}
      id={id}
      role="dialog"
      aria-label={display}
      lang={language}
      className={styles.popover}
      data-testid="scripture-preview"
      style={
        position ? { top: position.top, left: position.left } : { top: 0, left: 0, visibility: 'hidden' }
      }
    >
      <p className={styles.popoverTitle}>{display}</p>
      <div id={`${id}-body`} className={styles.popoverBody} aria-live="polite">
        {shown === null ? (
          <p className={styles.popoverStatus}>{labels.loading}</p>
        ) : shown.state === 'failed' ? (
          <p className={styles.popoverStatus}>{labels.failed}</p>
        ) : verses.length === 0 ? (
          <p className={styles.popoverStatus}>{labels.notInTranslation}</p>
        ) : (
          verses.map((verse, index) => (
            <p key={verse.osis} className={styles.verse}>
              {numbered ? <sup className={styles.verseNumber}>{verse.number}</sup> : null}
              {verse.text}
              {cut && index === verses.length - 1 ? ' …' : null}
            </p>
          ))
        )}
      </div>
      <p className={styles.popoverFoot}>
        <span className={styles.translationName}>{translationName}</span>
        <a href={passagePath(open.osis)} className={styles.readMore}>
          {labels.readMore}
        </a>
      </p>
    </div>,
    document.body,
  );
}
