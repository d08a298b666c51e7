import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import EditNoteIcon from '@mui/icons-material/EditNote';
import type { BulkChangeProps } from './BulkChangeDialog';
import type { ImportDialogProps } from './ImportDialog';
import type { RecordFormDialogProps } from './RecordFormDialog';

// The toolbar buttons render with the list; their dialogs (the import steps, the bulk-change form) load on
// first click, so they are not part of the list pages' initial JavaScript (scripts/bundle-budget.ts).
const ImportDialog = lazy(async () => ({ default: (await import('./ImportDialog')).ImportDialog }));
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
export function ImportButton(props: Omit<ImportDialogProps, 'onClose'>) {
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
