// The story limits the API and the editor share: pure constants with no imports, so client
// components may import them (posts.schema.ts needs server code).

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;
