// The subtopic form's limits and messages (pure: the subtopic-edit dialog imports them; the schema too).
export const SUBTOPIC_NAME_MAX = 80;
export const SUBTOPIC_DESCRIPTION_MAX = 500;
export const SUBTOPIC_NAME_BLANK = 'Please enter a subtopic name.';
