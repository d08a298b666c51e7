/**
 * The history-state key an open dialog marks its own entry with. Apart from `unsaved-changes.tsx`
 * so that a list page can ask whether it is on a dialog's entry without loading the dialog itself.
 */
export const DIALOG_ENTRY = 'dialogEntry';

/** Whether the current history entry is an open dialog's own: a create that leaves for its new record replaces it, so Back returns to the page. */
export const onDialogEntry = () => Boolean((window.history.state as { usr?: Record<string, unknown> } | null)?.usr?.[DIALOG_ENTRY]);
