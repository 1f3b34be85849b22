// The list rules the API and the forms share (SPEC §5 Create list, §9): pure constants and checks with
// no imports, so client components may import them (lists.schema.ts needs server code).

export const LIST_PRIVACY = ['public', 'private'] as const;
export type ListPrivacy = (typeof LIST_PRIVACY)[number];
export const LIST_NAME_MAX = 60; // SPEC §9

/** The length the database counts (characters, not UTF-16 units: an emoji is one). */
export const listNameLength = (name: string): number => [...name].length;

export const LIST_NAME_BLANK = 'Please give the list a name';
export const LIST_NAME_TOO_LONG = `A list name can have at most ${LIST_NAME_MAX} characters`;

/** null when the (trimmed) name is fine, otherwise the reason; the service answers it as the error message. */
export function listNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return LIST_NAME_BLANK;
  if (listNameLength(trimmed) > LIST_NAME_MAX) return LIST_NAME_TOO_LONG;
  return null;
}
