// The tag rules the API and the story-settings dialog share (SPEC §5, §9): pure constants with no
// imports, so client components may import them (tags.schema.ts needs server code).

export const MAX_TAGS_PER_POST = 5; // SPEC §9
export const TAG_NAME_MAX = 40;

export const TOO_MANY_TAGS = `A story has at most ${MAX_TAGS_PER_POST} tags`;
export const TAG_NAME_TOO_LONG = `A tag has at most ${TAG_NAME_MAX} characters`;
