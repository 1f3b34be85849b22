export { DialogProvider, useDialog, type DialogApi, type DialogState } from './dialog-provider';
export { DialogHost } from './dialog-host';
export { DialogShell, type DialogShellProps } from './dialog-shell';
export {
  DIALOG_KEYS,
  isDialogKey,
  noticeText,
  type DialogKey,
  type DialogPropsMap,
  type DialogPropsOf,
  type Notice,
} from './dialog-keys';
