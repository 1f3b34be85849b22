// The verse preview's one call: GET /api/scripture/{osis}?translation — the site's own passage
// text, public and cached (issue 24). Each passage is asked for once per page: a second hover on
// the same reference, or another reference to the same passage, is answered from memory; a failed
// call is forgotten, so the next hover tries again.
import { api, call, type SuccessBody } from '@/lib/api-client';
import type { PreviewTranslation } from '@/lib/scripture-links';

const getPassage = api.scripture[':osis'].$get;

export type PassagePreview = SuccessBody<Awaited<ReturnType<typeof getPassage>>>;

const loaded = new Map<string, Promise<PassagePreview>>();
const answered = new Map<string, PassagePreview>();

/** The passage when it has already come, so a second preview draws at once (no "Loading…" flash). */
export const answeredPassagePreview = (osis: string, translation: PreviewTranslation) =>
  answered.get(`${translation}|${osis}`);

export function loadPassagePreview(osis: string, translation: PreviewTranslation): Promise<PassagePreview> {
  const key = `${translation}|${osis}`;
  let passage = loaded.get(key);
  if (!passage) {
    passage = call(getPassage({ param: { osis }, query: { translation } }));
    loaded.set(key, passage);
    passage.then(
      (answer) => answered.set(key, answer),
      () => loaded.delete(key),
    );
  }
  return passage;
}
