// The 'confirmation' dialog's props, apart from the dialog: the dialog registry
// (components/dialogs/dialog-keys.ts) names them without importing the dialog (issue 20: a loop).

export type ConfirmationDialogProps = {
  title: string;
  question: string;
  /** What the action acts on (a story's title), shown under the question. */
  subject?: string;
  confirmLabel: string;
  danger?: boolean;
  action: () => Promise<unknown>;
  /** Told after a success (the opener reloads its list). */
  onDone?: () => void;
  /** The stored page to be on after a success. */
  returnPath?: string;
};
