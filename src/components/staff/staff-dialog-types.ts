// Props of the staff dialogs (registered in dialog-keys.ts by SPEC §2 key).

/** 'author-ban': the author whose status the action toggles (SPEC §2 "shows the author's name and id"). */
export type AuthorBanDialogProps = {
  author: { id: string; name: string };
  /** What the action does: the story's `can` flags say which (canBanAuthor / canUnbanAuthor). */
  action: 'ban' | 'unban';
  /** Told after the change (the opener reloads). */
  onDone?: () => void;
};

/** 'subtopic-edit': the subtopic as it is (SPEC §2 "placeholders show current values"). */
export type SubtopicEditDialogProps = {
  subtopic: { id: string; subtopicName: string; description: string };
};
