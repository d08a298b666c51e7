import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import EditNoteIcon from '@mui/icons-material/EditNote';
import type { BulkChangeProps } from './BulkChangeDialog';
import type { ImportDialogProps } from './ImportDialog';
import type { RecordFormDialogProps } from './RecordFormDialog';
import type { FieldSpec } from './record-fields';

// The toolbar buttons render with the list; their dialogs (the import steps, the bulk-change form) load on
// first click, so they are not part of the list pages' initial JavaScript (scripts/bundle-budget.ts).
const ImportDialog = lazy(async () => {
  const [{ ImportDialog: Dialog }, { fieldLabeller, headerAliases }] = await Promise.all([import('./ImportDialog'), import('../imports')]);
  // The form's labels and the list's export headers become the dialog's labeller and header aliases here, with the dialog's code.
  return { default: ({ columns, fields, ...props }: ImportButtonProps & { onClose: () => void }) => <Dialog {...props} label={fieldLabeller(fields)} aliases={headerAliases(columns, fields)} /> };
});
const BulkChangeDialog = lazy(async () => ({ default: (await import('./BulkChangeDialog')).BulkChangeDialog }));
const LazyRecordFormDialog = lazy(async () => ({ default: (await import('./RecordFormDialog')).RecordFormDialog }));

/** The add/edit form dialog (react-hook-form and its inputs), loaded when it is first rendered. */
export function RecordFormDialog(props: RecordFormDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyRecordFormDialog {...props} />
    </Suspense>
  );
}

/** The list toolbar's "Import" button and its dialog. */
export type ImportButtonProps = Omit<ImportDialogProps, 'onClose' | 'label' | 'aliases'> & {
  /** The list's columns (their headers are an export's) and the record form's fields (their labels). */
  columns: readonly { headerName: string; exportPath: string }[];
  fields: FieldSpec[];
};

export function ImportButton(props: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Import
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The toolbar's "Bulk change" button and its dialog. */
export function BulkChangeButton(props: BulkChangeProps) {
  const [open, setOpen] = useState(false);
  if (props.fields.length === 0) return null;
  return (
    <>
      <Button size="small" startIcon={<EditNoteIcon />} onClick={() => setOpen(true)} disabled={props.context.count === 0}>
        Bulk change
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BulkChangeDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
