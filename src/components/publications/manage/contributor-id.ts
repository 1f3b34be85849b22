// SPEC §5 add author or editor: the user id must be exactly 36 characters after trimming; the input
// keeps whatever is typed or pasted, and the id is taken from it only once it is that long.
import { CONTRIBUTOR_ID_LENGTH } from '@/server/modules/publications/publications.limits';

/** The id the input holds, once it is a full 36-character id; null before that. */
export function acceptedUserId(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed.length === CONTRIBUTOR_ID_LENGTH ? trimmed : null;
}
