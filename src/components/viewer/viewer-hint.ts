// A hint, before the first paint, of whether the reader is signed in, so a page everyone gets alike
// (decision 031) can hide what only visitors should see — the home page's hero — without a jump.
// The session cookie is HttpOnly; this one is not, and says nothing but "a member reads here"
// (src/lib/member-hint.ts). It only hides; it never shows anything a guest may not see, and whatever
// it claims, the page's data and the API answer by the session alone.
import { MEMBER_COOKIE } from '@/lib/member-hint';

/** Runs in <head> before the body paints: <html data-viewer="member"> when the hint cookie is there. */
export const VIEWER_HINT_SCRIPT = `document.documentElement.dataset.viewer=/(?:^|;\\s*)${MEMBER_COOKIE}=1/.test(document.cookie)?'member':'guest';`;
