'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { isEditorPath } from '@/components/layout/route-rules';
import { POPUP_DELAY_MS, popupShownRecently, rememberPopupShown } from './popup-cookie';

/** Where the popup would interrupt: writing a story, and creating a publication already. */
function isQuietPath(pathname: string): boolean {
  return isEditorPath(pathname) || pathname === '/publications/create';
}

/**
 * SPEC §4: 5 s after the page loads, the publication-popup dialog opens when the cookie
 * 'lastShowedAt' is absent, and sets it for a day. The cookie is read when the time is up (another
 * tab may have shown it meanwhile); a dialog the visitor has open is never replaced — the popup
 * waits for it to close. At most once per page load.
 */
export function PublicationPopupOpener() {
  const pathname = usePathname() ?? '/';
  const { key, openDialog } = useDialog();
  const [due, setDue] = useState(false);
  const done = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!due || done.current || key !== null || isQuietPath(pathname)) return;
    done.current = true;
    if (popupShownRecently()) return;
    rememberPopupShown();
    openDialog('publication-popup');
  }, [due, key, pathname, openDialog]);

  return null;
}
