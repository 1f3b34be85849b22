// Which header variant a path gets (SPEC §2).

/** /stories/new-story and /stories/edit/{id}: the header shows only the Next button. */
export function isEditorPath(pathname: string): boolean {
  return pathname === '/stories/new-story' || /^\/stories\/edit\/[^/]+\/?$/.test(pathname);
}

/** /publications/admin/* and /publications/{id}/studio hide the header search box. */
export function hidesHeaderSearch(pathname: string): boolean {
  return (
    /^\/publications\/admin(\/|$)/.test(pathname) || /^\/publications\/[^/]+\/studio(\/|$)/.test(pathname)
  );
}
