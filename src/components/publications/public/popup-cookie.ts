// SPEC §4 / §9 promotional popup: 5 s after load, only while the cookie 'lastShowedAt' is absent;
// showing it sets the cookie for 1 day.

export const POPUP_COOKIE = 'lastShowedAt';
export const POPUP_DELAY_MS = 5000;
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** True while the popup was shown in the last day (in this tab or another). */
export function popupShownRecently(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${POPUP_COOKIE}=`));
}

/** Notes that the popup is being shown now: the cookie holds the time and lasts one day. */
export function rememberPopupShown(now: number = Date.now()): void {
  document.cookie = `${POPUP_COOKIE}=${now}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax`;
}
