// The 'subscribe-email' dialog's props, apart from the dialog: the dialog registry
// (components/dialogs/dialog-keys.ts) names them without importing the dialog (issue 20: a loop).

export type SubscribeEmailDialogProps = {
  /** A site topic's slug; the anxiety topic when absent. */
  topic?: string;
  title?: string;
  description?: string;
};
