// What the server's reference links and the browser's verse preview agree on (issue 24 item 2):
// a reference in a story is <a href="/scripture/{osis}" class="scripture-ref" data-osis="{osis}">.

/** The class of a reference link: the story page styles it and the preview finds it by it. */
export const SCRIPTURE_LINK_CLASS = 'scripture-ref';

/** The passage page of a normalised OSIS id (`John.3.16`, `Ps.23`, `Matt.11.28-Matt.11.30`). */
export const passagePath = (osis: string): string => `/scripture/${encodeURIComponent(osis)}`;

/** The translations the site serves (src/server/modules/scripture/texts): WEB, KJV, the CUV. */
export type PreviewTranslation = 'web' | 'kjv' | 'cuv';
