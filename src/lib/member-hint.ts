// The member hint (decision 031): a cookie that says nothing but "a member reads here", so a page
// everyone gets alike can hide, before its first paint, what only visitors should see. Read by the
// page's inline script (src/components/viewer/viewer-hint.ts); kept in step with the session by the
// browser (ViewerHintSync) and by the front server on every page request (page-cache/cache-request.ts).

export const MEMBER_COOKIE = 'lamplight-member';

/** How long the hint lasts without a visit: next-auth's session lasts as long. */
export const MEMBER_HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The Set-Cookie value (or document.cookie text) that sets the hint, or clears it. */
export const memberHintCookie = (member: boolean): string =>
  member
    ? `${MEMBER_COOKIE}=1; Path=/; Max-Age=${MEMBER_HINT_MAX_AGE_SECONDS}; SameSite=Lax`
    : `${MEMBER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
